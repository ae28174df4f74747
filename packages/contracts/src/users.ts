import { z } from "zod";
import { entityId, listQuery, listResponse } from "./common.ts";

import { locales } from "./locales.ts";
import { roles } from "./roles.ts";

export { roles };
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

export const userStatuses = ["active", "inactive"] as const;
export const userStatus = z.enum(userStatuses);

export const genders = ["female", "male", "transgender", "non-binary"] as const;

export const username = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, "Username must be at least 3 characters")
  .max(30, "Username must be at most 30 characters")
  .regex(/^[a-z0-9_.]+$/, "Username may contain letters, digits, dots and underscores");

export const email = z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address"));

export const password = z
  .string()
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters");

/** The account's present password, asked again before changing the email address or the password. */
export const currentPassword = z.string().min(1, "Enter your current password").max(128);

export const displayName = z.string().trim().min(1, "Name is required").max(80);

/** What anyone may see of a user. */
export const publicUser = z.object({
  _id: entityId,
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  avatarSrcSet: z.string().nullable(),
  role: role,
  bio: z.string().nullable(),
  country: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** What the user themself and admins see. */
export const user = publicUser.extend({
  email: z.string(),
  status: userStatus,
  verifiedEmail: z.boolean(),
  gender: z.enum(genders).nullable(),
  phone: z.string().nullable(),
  phoneCode: z.string().nullable(),
  /** The language the member chose for the site; null follows the browser's. */
  locale: z.enum(locales).nullable(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof user>;

/** The signed-in user's own account: also the address waiting for confirmation by the mailed link, if any. */
export const ownUser = user.extend({
  pendingEmail: z.string().nullable(),
  /** Has the account turned two-factor sign-in on (GET /users/me)? */
  twoFactorEnabled: z.boolean().optional(),
  /** Must it turn two-factor sign-in on before its tools work (an admin)? */
  twoFactorRequired: z.boolean().optional(),
});
export type OwnUser = z.infer<typeof ownUser>;

export const updateProfileBody = z.strictObject({
  name: displayName.optional(),
  username: username.optional(),
  /** A new address takes effect only once the link mailed to it is followed; it needs `currentPassword`. */
  email: email.optional(),
  currentPassword: currentPassword.optional(),
  bio: z.string().trim().max(2000).nullable().optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, "Use an ISO 3166-1 alpha-2 code")
    .nullable()
    .optional(),
  gender: z.enum(genders).nullable().optional(),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9 ()-]{4,20}$/, "Enter a valid phone number")
    .nullable()
    .optional(),
  phoneCode: z
    .string()
    .regex(/^\+[0-9]{1,4}$/, "Use a dial code such as +44")
    .nullable()
    .optional(),
  locale: z
    .enum(locales, { error: `Choose one of: ${locales.join(", ")}` })
    .nullable()
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const userSortBy = z.enum(["createdAt", "username", "name"]);

export const searchUsersQuery = listQuery.extend({
  role: role.optional(),
  status: userStatus.optional(),
  sortBy: userSortBy.default("createdAt"),
});
export type SearchUsersQuery = z.infer<typeof searchUsersQuery>;

export const userList = listResponse(user);

export const adminUpdateUserBody = z
  .strictObject({ role: role.optional(), status: userStatus.optional(), verifiedEmail: z.boolean().optional() })
  .refine((b) => Object.keys(b).length > 0, "Give at least one of role, status, verifiedEmail");
