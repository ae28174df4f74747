import type { MaskedPayoutDetails, PayoutDetails, PayoutDetailsBody } from "@marquee/contracts/payments";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { AppError } from "../../../platform/errors.ts";
import { type SecretBox, UnreadableSecretError } from "../../../platform/secret-box.ts";
import { type AuditActor, recordAudit } from "../../audit/service.ts";
import type { SettingsService } from "../../settings/service.ts";
import { payoutDetails } from "../payouts/tables.ts";

type Row = typeof payoutDetails.$inferSelect;
type Sealed = Row & { sealed: string };

/** What the owner and an admin who asks see when the site's key no longer opens the saved details. */
export const unreadablePayoutDetails = () =>
  new AppError(
    409,
    "PayoutDetailsUnreadable",
    "The saved payout details cannot be read with this site's encryption key (TWO_FACTOR_SECRET, or " +
      "DATA_DIR/two-factor-secret), which is not the one they were saved with. Restore that key, or have the " +
      "performer enter their payout details again.",
    [{ path: "payoutDetails", message: "sealed with another key" }],
  );

/**
 * The account as lists show it: the last 4 characters of an account number (the last 2 of a short one, none of a
 * very short one), or the first letter and the domain of an address.
 */
export function maskAccount(account: string): string {
  const at = account.lastIndexOf("@");
  if (at > 0) return `${account[0]}•••${account.slice(at)}`;
  const plain = account.replace(/\s+/g, "");
  const shown = plain.length >= 8 ? 4 : plain.length >= 6 ? 2 : 0;
  return shown ? `•••• ${plain.slice(-shown)}` : "••••";
}

/**
 * Where performers want to be paid. The routes ask for two-factor sign-in and a fresh password before a change
 * (issue 22). The holder's name and the account are sealed with the site's at-rest key (`box`), bound to the
 * performer (a sealed value copied onto another performer's row does not open); the admins' lists read only the
 * masked account, so a key that no longer matches never breaks them.
 */
export function createPayoutDetails(db: Db, box: SecretBox, settings?: Pick<SettingsService, "get">) {
  const seal = (performerId: string, body: Pick<PayoutDetailsBody, "accountName" | "account" | "network">) => ({
    sealed: box.seal(
      JSON.stringify({ accountName: body.accountName, account: body.account, network: body.network ?? null }),
      performerId,
    ),
    accountHint: maskAccount(body.account),
    legacyAccountName: null,
    legacyAccount: null,
  });

  /** A row saved in plain text before sealing, sealed now (once, whoever gets there first). */
  async function upgrade(row: Row): Promise<Sealed> {
    if (row.sealed !== null) return row as Sealed;
    const sealed = seal(row.performerId, {
      accountName: row.legacyAccountName ?? "",
      account: row.legacyAccount ?? "",
    });
    const [updated] = await db
      .update(payoutDetails)
      .set(sealed)
      .where(and(eq(payoutDetails.performerId, row.performerId), isNull(payoutDetails.sealed)))
      .returning();
    if (updated) return updated as Sealed;
    // Another process sealed it meanwhile.
    const [now] = await db.select().from(payoutDetails).where(eq(payoutDetails.performerId, row.performerId));
    return now as Sealed;
  }

  function open(row: Sealed): PayoutDetails {
    let inside: { accountName: string; account: string; network?: string | null };
    try {
      inside = JSON.parse(box.open(row.sealed, row.performerId));
    } catch (err) {
      if (err instanceof UnreadableSecretError || err instanceof SyntaxError) throw unreadablePayoutDetails();
      throw err;
    }
    return {
      method: row.method,
      accountName: inside.accountName,
      account: inside.account,
      network: inside.network ?? null,
      updatedAt: row.updatedAt.toISOString(),
      heldUntil: row.heldUntil && row.heldUntil > new Date() ? row.heldUntil.toISOString() : null,
    };
  }

  const masked = (row: Sealed): MaskedPayoutDetails => ({
    method: row.method,
    accountHint: row.accountHint ?? "••••",
    updatedAt: row.updatedAt.toISOString(),
  });

  /** The full details of one performer (theirs, or an admin's look at them); 409 when the key does not open them. */
  async function of(performerId: string): Promise<PayoutDetails | null> {
    const [row] = await db.select().from(payoutDetails).where(eq(payoutDetails.performerId, performerId));
    return row ? open(await upgrade(row)) : null;
  }

  /** The row's method, masked account and hold, without opening it: what a payout request records. */
  async function usable(performerId: string) {
    const [row] = await db.select().from(payoutDetails).where(eq(payoutDetails.performerId, performerId));
    if (!row) return null;
    const sealed = await upgrade(row);
    return { method: sealed.method, accountHint: sealed.accountHint ?? "••••", heldUntil: sealed.heldUntil };
  }

  return {
    of,
    usable,

    /** An admin's look at a performer's full details, to make a payout: recorded in the audit trail (never the account). */
    async viewedBy(actor: AuditActor, performerId: string): Promise<PayoutDetails | null> {
      const details = await of(performerId);
      if (details)
        await recordAudit(db, actor, {
          action: "payouts.view-details",
          subjectType: "performer",
          subjectId: performerId,
          after: { method: details.method, updatedAt: details.updatedAt },
        });
      return details;
    },

    /** The masked details of each performer who gave some: what the admins' lists show. */
    async maskedOf(performerIds: string[]): Promise<Map<string, MaskedPayoutDetails>> {
      if (!performerIds.length) return new Map();
      const rows = await db.select().from(payoutDetails).where(inArray(payoutDetails.performerId, performerIds));
      const sealed = await Promise.all(rows.map(upgrade));
      return new Map(sealed.map((r) => [r.performerId, masked(r)]));
    },

    /**
     * Saves where the performer is paid. A new method, or a change of method, account or network, is held for the
     * `payoutMethodHoldDays` setting before a payout request may use it (a stolen session must not redirect the next
     * payout at once); saving the same details again keeps the hold as it was.
     */
    async set(performerId: string, body: PayoutDetailsBody): Promise<PayoutDetails> {
      const before = await of(performerId).catch(() => null);
      const same =
        before &&
        before.method === body.method &&
        before.account === body.account &&
        (before.network ?? null) === (body.network?.length ? body.network : null);
      const holdDays = settings ? await settings.get("payoutMethodHoldDays") : 0;
      const heldUntil = same
        ? before.heldUntil
          ? new Date(before.heldUntil)
          : null
        : holdDays > 0
          ? new Date(Date.now() + holdDays * 86_400_000)
          : null;
      const values = {
        method: body.method,
        ...seal(performerId, { ...body, network: body.network?.length ? body.network : undefined }),
        heldUntil,
      };
      const [row] = await db
        .insert(payoutDetails)
        .values({ performerId, ...values })
        .onConflictDoUpdate({ target: payoutDetails.performerId, set: { ...values, updatedAt: new Date() } })
        .returning();
      return open(row as Sealed);
    },

    /** Seals every row still in plain text (run at start); answers how many it sealed. */
    async sealLegacy(): Promise<number> {
      const rows = await db.select().from(payoutDetails).where(isNull(payoutDetails.sealed));
      for (const row of rows) await upgrade(row);
      return rows.length;
    },
  };
}
export type PayoutDetailsService = ReturnType<typeof createPayoutDetails>;
