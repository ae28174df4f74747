import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, tooManyRequests, unprocessable } from "../../platform/errors.ts";
import type { Mailer } from "../../platform/mailer.ts";
import type { Throttle } from "../../platform/throttle.ts";
import type { SettingsService } from "../settings/service.ts";
import type { Accounts, UserRow } from "../users/accounts.ts";
import type { MailTokens } from "./mail-tokens.ts";
import { emailTokens } from "./tables.ts";

const HOUR = 3_600_000;
/** Email changes an account may ask for in an hour: each one mails two addresses. */
export const EMAIL_CHANGE_LIMIT = 5;

/** Moving an account to a new address: asked with the current password, completed by the link mailed there. */
export function createEmailChange(deps: {
  db: Db;
  accounts: Accounts;
  mailer: Mailer;
  throttle: Throttle;
  settings: SettingsService;
  tokens: MailTokens;
  /** Refuses unless `password` is the account's own, throttled like login. */
  confirmCurrentPassword(user: UserRow, password: string, ip: string): Promise<void>;
  publicUrl: string;
}) {
  const { db, mailer, throttle, settings, tokens, publicUrl } = deps;

  /**
   * Asks to move the account to `newEmail`: nothing changes until the link mailed there is followed. The answer
   * and the mail to the old address are the same whether or not another account has `newEmail`; only the mail
   * to `newEmail` differs (its owner learns someone tried it, and gets no link).
   */
  async function request(user: UserRow, newEmail: string, currentPassword: string | undefined, ip: string) {
    if (currentPassword === undefined) {
      throw badRequest("Enter your current password to change your email address.", [
        { path: "body.currentPassword", message: "is required to change the email address" },
      ]);
    }
    await deps.confirmCurrentPassword(user, currentPassword, ip);
    if ((await throttle.hit(`email-change:${user.id}`, HOUR)) > EMAIL_CHANGE_LIMIT) {
      throw tooManyRequests("Too many email changes. Try again in an hour.");
    }
    // Only the newest request may complete.
    await tokens.retire(user.id, ["change-email"]);
    const token = await tokens.issue(user.id, "change-email", newEmail);
    const taken = await deps.accounts.byEmail(newEmail);
    const siteName = await settings.get("siteName");
    const forgot = `${publicUrl}/auth/forgot-password`;
    if (taken) {
      await mailer.send({
        to: newEmail,
        subject: `Someone tried to use your email on ${siteName}`,
        text: `Someone tried to move another ${siteName} account to this address. It already belongs to your account, so nothing changed. If you forgot your password, reset it at ${forgot}.`,
        links: [forgot],
      });
    } else {
      const link = `${publicUrl}/auth/confirm-email?token=${token}`;
      await mailer.send({
        to: newEmail,
        subject: `Confirm your new email for ${siteName}`,
        text: `Hi ${user.name},\n\nTo use this address for your ${siteName} account, open this link within 24 hours:\n\n${link}\n\nUntil then your account keeps its old address. If you did not ask for this, ignore this mail.`,
        links: [link],
      });
    }
    await mailer.send({
      to: user.email,
      subject: `A change of your ${siteName} email was requested`,
      text: `Hi ${user.name},\n\nSomeone signed in to your account (from ${ip}) asked to change its email address to ${newEmail}. It changes only once the link mailed there is followed.\n\nIf you did not ask for this, reset your password now at ${forgot}: that cancels the change and logs out every session.`,
      links: [forgot],
    });
  }

  /** The address an account asked to move to and has not confirmed yet, if any. */
  async function pendingEmailOf(userId: string): Promise<string | null> {
    const [row] = await db
      .select({ newEmail: emailTokens.newEmail })
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, "change-email"),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(emailTokens.createdAt))
      .limit(1);
    return row?.newEmail ?? null;
  }

  /** Follows a mailed email-change link: the account takes the new address, unless another account has it now. */
  async function confirm(token: string) {
    const row = await tokens.consume(token, "change-email");
    if (!row?.newEmail) throw unprocessable("This confirmation link is invalid or has expired. Ask for a new one.");
    const taken = () =>
      conflict("This email address is already used by another account.", [
        { path: "body.token", message: "its address is already used by another account" },
      ]);
    // The address may have been taken since the link was mailed: the unique index has the last word.
    const owner = await deps.accounts.byEmail(row.newEmail);
    if (owner && owner.id !== row.userId) throw taken();
    try {
      const updated = await deps.accounts.update(
        row.userId,
        { email: row.newEmail, verifiedEmail: true },
        { activeOnly: true },
      );
      if (!updated) throw unprocessable("This confirmation link is invalid or has expired. Ask for a new one.");
    } catch (err) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ??
        (err as { cause?: { code?: string } }).cause?.code;
      if (code === "23505") throw taken();
      throw err;
    }
    // Links mailed to the old address must not act on the account any more.
    await tokens.retire(row.userId, ["verify-email", "reset-password"]);
  }

  return { request, pendingEmailOf, confirm };
}
