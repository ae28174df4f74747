/**
 * The account roles (DESIGN section 5) and the one name each goes by on every page: the account page's badge and
 * the admin's user list say the same word. No zod here: the account page's first load imports this file.
 */
export const roles = ["user", "performer", "admin"] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Readonly<Record<Role, string>> = {
  user: "User",
  performer: "Performer",
  admin: "Admin",
};

/** The name of `role` as people read it; an unknown one as it is, so nothing is hidden. */
export function roleLabel(role: string): string {
  return Object.hasOwn(roleLabels, role) ? roleLabels[role as Role] : role;
}
