import { randomBytes } from "node:crypto";
import { isLocale } from "@marquee/contracts/locales";
import type { SearchUsersQuery, UpdateProfileBody } from "@marquee/contracts/users";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { squareWebpVariants } from "../../platform/images.ts";
import type { Storage } from "../../platform/storage.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { type UserRow, users } from "./tables.ts";

/** Square avatar sizes the UI shows: header chip, profile card, profile page. */
export const AVATAR_SIZES = [64, 256, 512] as const;

/** The avatar URL and srcSet of an account's `avatarKey` (null: the default avatar); performers reuse it. */
export function avatarUrls(storage: Pick<Storage, "publicUrl">, avatarKey: string | null) {
  if (!avatarKey) return { avatar: null, avatarSrcSet: null };
  return {
    avatar: storage.publicUrl(`${avatarKey}-256.webp`),
    avatarSrcSet: AVATAR_SIZES.map((s) => `${storage.publicUrl(`${avatarKey}-${s}.webp`)} ${s}w`).join(", "),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createUsersService(deps: {
  db: Db;
  storage: Storage;
  /** Starts the confirm-by-link change of the account's address (auth owns the mailed links). */
  requestEmailChange(user: UserRow, newEmail: string, currentPassword: string | undefined, ip: string): Promise<void>;
  pendingEmailOf(userId: string): Promise<string | null>;
  onDeactivated(userId: string): Promise<unknown>;
}) {
  const { db, storage } = deps;

  const avatarOf = (row: UserRow) => avatarUrls(storage, row.avatarKey);

  function toPublicUser(row: UserRow) {
    return {
      _id: row.id,
      username: row.username,
      name: row.name,
      ...avatarOf(row),
      role: row.role,
      bio: row.bio,
      country: row.country,
      createdAt: row.createdAt.toISOString(),
    };
  }

  function toUser(row: UserRow) {
    return {
      ...toPublicUser(row),
      email: row.email,
      status: row.status,
      verifiedEmail: row.verifiedEmail,
      gender: row.gender,
      phone: row.phone,
      phoneCode: row.phoneCode,
      locale: isLocale(row.locale) ? row.locale : null,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function byId(id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw notFound("User");
    return row;
  }

  /** A new avatar; an admin's (`audit`) is recorded in the transaction that sets it, or its new files are removed. */
  async function setAvatar(userId: string, file: Buffer, audit?: AuditActor) {
    const user = await byId(userId);
    const variants = await squareWebpVariants(file, AVATAR_SIZES);
    // A fresh key per upload, so caches never serve an old picture under a new name.
    // The random part keeps two uploads in one millisecond from sharing a key (and deleting each other's files).
    const key = `public/avatars/${user.id}/${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
    for (const [size, data] of variants) await storage.put(`${key}-${size}.webp`, data);
    let row: UserRow | undefined;
    try {
      row = await db.transaction(async (tx) => {
        const [updated] = await tx.update(users).set({ avatarKey: key }).where(eq(users.id, user.id)).returning();
        if (audit)
          await recordAudit(tx, audit, {
            action: "users.avatar",
            subjectType: "user",
            subjectId: user.id,
            before: { username: user.username, avatarKey: user.avatarKey },
            after: { username: user.username, avatarKey: key },
          });
        return updated;
      });
    } catch (err) {
      for (const size of AVATAR_SIZES) await storage.remove(`${key}-${size}.webp`);
      throw err;
    }
    if (user.avatarKey) {
      for (const size of AVATAR_SIZES) await storage.remove(`${user.avatarKey}-${size}.webp`);
    }
    return toUser(row as UserRow);
  }

  /** The signed-in user's own account, with the address waiting for confirmation. */
  async function toOwnUser(row: UserRow) {
    return { ...toUser(row), pendingEmail: await deps.pendingEmailOf(row.id) };
  }

  return {
    /** The public profiles of these accounts, by id (comments show their authors with them). */
    async publicProfiles(ids: readonly string[]) {
      const unique = [...new Set(ids)];
      if (!unique.length) return new Map<string, ReturnType<typeof toPublicUser>>();
      const rows = await db.select().from(users).where(inArray(users.id, unique));
      return new Map(rows.map((r) => [r.id, toPublicUser(r)]));
    },
    toUser,
    toOwnUser,
    toPublicUser,
    byId,
    setAvatar,

    async viewPublic(idOrUsername: string) {
      const key = idOrUsername.toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(and(isUuid(key) ? eq(users.id, key) : eq(users.username, key), eq(users.status, "active")));
      if (!row) throw notFound("User");
      return toPublicUser(row);
    },

    async updateProfile(current: UserRow, body: UpdateProfileBody, ip: string) {
      // The current password only guards the email change; a new address waits for its mailed link.
      const { email, currentPassword, ...patch } = body;
      if (body.username && body.username !== current.username) {
        const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, body.username));
        if (taken) throw conflict("This username is taken.", [{ path: "body.username", message: "already taken" }]);
      }
      if (email !== undefined && email !== current.email) {
        await deps.requestEmailChange(current, email, currentPassword, ip);
      }
      // Nothing else to change: an empty SET would be an SQL error, and the answer is the profile as it is.
      if (Object.keys(patch).length === 0) return toOwnUser(current);
      let row: UserRow | undefined;
      try {
        [row] = await db.update(users).set(patch).where(eq(users.id, current.id)).returning();
      } catch (err) {
        // Two requests raced for the same username: the unique index decides.
        if (
          (err as { code?: string; cause?: { code?: string } }).code === "23505" ||
          (err as { cause?: { code?: string } }).cause?.code === "23505"
        ) {
          throw conflict("This username is taken.", [{ path: "body.username", message: "already taken" }]);
        }
        throw err;
      }
      if (!row) throw notFound("User");
      return toOwnUser(row);
    },

    async search(q: SearchUsersQuery) {
      const where: SQL[] = [];
      if (q.q) {
        const like = `%${escapeLike(q.q)}%`;
        where.push(or(ilike(users.username, like), ilike(users.email, like), ilike(users.name, like)) as SQL);
      }
      if (q.role) where.push(eq(users.role, q.role));
      if (q.status) where.push(eq(users.status, q.status));
      const cond = where.length ? and(...where) : undefined;
      const column = { createdAt: users.createdAt, username: users.username, name: users.name }[q.sortBy];
      const dir = q.sort === "asc" ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db.select().from(users).where(cond).orderBy(dir(column), dir(users.id)).limit(q.limit).offset(q.offset),
        db.select({ n: count() }).from(users).where(cond),
      ]);
      return { data: rows.map(toUser), total: total?.n ?? 0 };
    },

    async adminUpdate(
      actor: UserRow,
      id: string,
      patch: { role?: UserRow["role"]; status?: UserRow["status"]; verifiedEmail?: boolean },
      audit: AuditActor,
    ) {
      const current = await byId(id);
      // An admin who demotes or deactivates themself could leave the site with nobody to run it.
      if (id === actor.id && ((patch.role && patch.role !== "admin") || patch.status === "inactive")) {
        throw unprocessable("You cannot remove your own admin rights or deactivate your own account.", [
          { path: patch.status === "inactive" ? "body.status" : "body.role", message: "not allowed on yourself" },
        ]);
      }
      const fields = (u: UserRow) => ({ role: u.role, status: u.status, verifiedEmail: u.verifiedEmail });
      // Recorded with the change, in its transaction: a role change, a deactivation or activation, or else an edit.
      const action =
        patch.role && patch.role !== current.role
          ? "users.role-change"
          : patch.status && patch.status !== current.status
            ? patch.status === "inactive"
              ? "users.deactivate"
              : "users.activate"
            : "users.update";
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
        await recordAudit(tx, audit, {
          action,
          subjectType: "user",
          subjectId: id,
          before: { username: current.username, ...fields(current) },
          after: { username: current.username, ...fields(updated as UserRow) },
        });
        return updated;
      });
      if (patch.status === "inactive") await deps.onDeactivated(id);
      return toUser(row as UserRow);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
