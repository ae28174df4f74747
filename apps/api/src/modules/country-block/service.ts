import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import type { GeoIp } from "../../platform/geoip.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { countryName } from "../lookups/service.ts";
import { blockedCountries } from "./tables.ts";

/** How long a process may keep serving a list another process changed. */
const CACHE_MS = 2000;

export function createCountryBlockService(deps: { db: Db; geoip: GeoIp }) {
  const { db } = deps;
  let cache: { at: number; codes: Set<string> } | null = null;

  async function codes() {
    if (!cache || Date.now() - cache.at > CACHE_MS) {
      const rows = await db.select({ code: blockedCountries.countryCode }).from(blockedCountries);
      cache = { at: Date.now(), codes: new Set(rows.map((r) => r.code)) };
    }
    return cache.codes;
  }

  async function check(ip: string) {
    const countryCode = deps.geoip.country(ip);
    const set = await codes();
    return { blocked: countryCode !== null && set.has(countryCode), countryCode };
  }

  return {
    check,
    isBlocked: async (ip: string) => {
      const set = await codes();
      return set.size > 0 && (await check(ip)).blocked;
    },

    async list() {
      const rows = await db.select().from(blockedCountries).orderBy(asc(blockedCountries.countryCode));
      return rows.map((r) => ({
        countryCode: r.countryCode,
        name: countryName(r.countryCode) ?? r.countryCode,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /** An admin blocks a country; recorded in the audit trail in the same transaction. */
    async add(code: string, actor: AuditActor) {
      const name = countryName(code);
      if (!name)
        throw badRequest(`Unknown country code ${code}`, [{ path: "body.countryCode", message: "unknown country" }]);
      const row = await db.transaction(async (tx) => {
        const [added] = await tx
          .insert(blockedCountries)
          .values({ countryCode: code })
          .onConflictDoNothing()
          .returning();
        const [now] = await tx.select().from(blockedCountries).where(eq(blockedCountries.countryCode, code));
        await recordAudit(tx, actor, {
          action: "country-block.add",
          subjectType: "country",
          subjectId: code,
          before: { blocked: !added, name },
          after: { blocked: true, name },
        });
        return now;
      });
      cache = null;
      return { countryCode: code, name, createdAt: (row?.createdAt ?? new Date()).toISOString() };
    },

    /** An admin lifts a country's block; recorded in the audit trail in the same transaction. */
    async remove(code: string, actor: AuditActor) {
      await db.transaction(async (tx) => {
        const deleted = await tx.delete(blockedCountries).where(eq(blockedCountries.countryCode, code)).returning();
        if (!deleted.length) throw notFound("Blocked country");
        await recordAudit(tx, actor, {
          action: "country-block.remove",
          subjectType: "country",
          subjectId: code,
          before: { blocked: true },
          after: { blocked: false },
        });
      });
      cache = null;
    },
  };
}
export type CountryBlockService = ReturnType<typeof createCountryBlockService>;
