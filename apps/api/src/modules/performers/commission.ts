import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { performers } from "./tables.ts";

const rateOf = (r: number | string | null) => (r === null ? null : Number(r));

/**
 * An admin sets a performer's own commission rate (0..0.95), or `null` to let the site's setting apply; sales
 * already recorded keep the rate they were recorded at. Recorded before and after in its transaction.
 */
export function setCommission(db: Db, id: string, rate: number | null, actor: AuditActor) {
  return db.transaction(async (tx) => {
    const [was] = await tx
      .select({ rate: performers.commissionRate })
      .from(performers)
      .where(eq(performers.id, id))
      .for("update");
    if (!was) throw notFound("Performer");
    const [row] = await tx
      .update(performers)
      .set({ commissionRate: rate })
      .where(eq(performers.id, id))
      .returning({ rate: performers.commissionRate });
    const saved = { performerId: id, rate: rateOf(row?.rate ?? null) };
    await recordAudit(tx, actor, {
      action: "performers.commission",
      subjectType: "performer",
      subjectId: id,
      before: { rate: rateOf(was.rate) },
      after: { rate: saved.rate },
    });
    return saved;
  });
}
