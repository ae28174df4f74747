import { gatewayFields, gatewayKeys, isGatewayKey } from "@marquee/contracts/payment-gateway";
import {
  appliesAtStart,
  isSecretSetting,
  orderedSettings,
  type SettingKey,
  type SettingValue,
  settingDefinitions,
  settingKeys,
} from "@marquee/contracts/settings";
import { eq, inArray, sql } from "drizzle-orm";
import { type Config, resolvePayment, type StoredPaymentSettings } from "../../config.ts";
import type { Db, Tx } from "../../db/client.ts";
import { badRequest, unprocessable } from "../../platform/errors.ts";
import { StartupError } from "../../platform/startup-errors.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { settings } from "./tables.ts";

/** The payment settings an admin stored, as the start reads them (config.ts resolvePayment). */
export async function readPaymentSettings(db: Db): Promise<StoredPaymentSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, gatewayKeys));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** How long a process may serve a setting another process changed (maintenance, menus). */
const CACHE_MS = 2000;

/** Own keys only: `constructor` or `__proto__` must not pass for a setting. */
const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(settingDefinitions, key);

/**
 * `config`: what this process started with. Its gateway variables fix the settings they stand for (the environment
 * wins), and its gateway is the one running until the next start.
 */
export function createSettingsService(db: Db, config?: Pick<Config, "env" | "gatewayEnv" | "paymentGateway">) {
  /** The environment variable set for a setting, which wins over what is stored. */
  const envOf = (key: SettingKey): string | null => {
    if (!isGatewayKey(key)) return null;
    const name = gatewayFields[key].env;
    return config?.gatewayEnv[name] ? name : null;
  };

  let cache: { at: number; values: Map<string, { value: unknown; updatedAt: Date }> } | null = null;

  async function storedRows() {
    if (!cache || Date.now() - cache.at > CACHE_MS) {
      const rows = await db.select().from(settings);
      cache = { at: Date.now(), values: new Map(rows.map((r) => [r.key, { value: r.value, updatedAt: r.updatedAt }])) };
    }
    return cache.values;
  }

  async function get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const row = (await storedRows()).get(key);
    return (row ? row.value : settingDefinitions[key].default) as SettingValue<K>;
  }

  async function valuesOf(keys: SettingKey[]) {
    const out: Record<string, unknown> = {};
    for (const key of keys) out[key] = await get(key);
    return out;
  }

  /**
   * Refuses a value that would put a bounding pair out of order (`orderedSettings`). The other value is read and
   * locked in the change's transaction, so two admins moving both ends at once cannot cross them.
   */
  async function checkOrder(tx: Tx, key: SettingKey, value: unknown) {
    for (const [low, high] of orderedSettings) {
      if (key !== low && key !== high) continue;
      const other = key === low ? high : low;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`settings:${low}:${high}`}))`);
      const [row] = await tx.select().from(settings).where(eq(settings.key, other));
      const otherValue = (row ? row.value : settingDefinitions[other].default) as number;
      const bad = key === low ? (value as number) > otherValue : (value as number) < otherValue;
      if (bad) {
        const message =
          key === low ? `must be at most ${high} (${otherValue})` : `must be at least ${low} (${otherValue})`;
        throw unprocessable(`Invalid value for ${key}: ${message}`, [{ path: "body.value", message }]);
      }
    }
  }

  return {
    get,

    /** Public settings, optionally of one group, as a key -> value map. */
    async publicValues(group?: string) {
      return valuesOf(
        settingKeys.filter((k) => settingDefinitions[k].public && (!group || settingDefinitions[k].group === group)),
      );
    },

    async publicKeys(keys: string[]) {
      const bad = keys.filter((k) => !isSettingKey(k) || !settingDefinitions[k].public);
      if (bad.length) {
        throw badRequest(
          `Not public settings: ${bad.join(", ")}`,
          bad.map((k) => ({ path: "body.keys", message: `${k} is not a public setting` })),
        );
      }
      return valuesOf(keys as SettingKey[]);
    },

    async list(group?: string) {
      const values = await storedRows();
      return settingKeys
        .filter((k) => !group || settingDefinitions[k].group === group)
        .map((key) => {
          const def = settingDefinitions[key];
          const row = values.get(key);
          const secret = isSecretSetting(key);
          return {
            key,
            // A secret's value never leaves the server, not even to an admin: only whether one is stored.
            value: secret ? null : row ? row.value : def.default,
            group: def.group,
            public: def.public,
            updatedAt: row ? row.updatedAt.toISOString() : null,
            isSet: Boolean(row),
            secret,
            env: envOf(key),
            applies: appliesAtStart(key) ? ("start" as const) : ("now" as const),
          };
        });
    },

    /** Stores an admin's (or the site's own) change of a setting, recorded in the audit trail in its transaction. */
    async update(key: string, value: unknown, actor: AuditActor) {
      if (!isSettingKey(key))
        throw badRequest(`Unknown setting ${key}`, [{ path: "params.key", message: "unknown setting" }]);
      const def = settingDefinitions[key];
      const parsed = def.schema.safeParse(value);
      if (!parsed.success) {
        const details = parsed.error.issues.map((i) => ({
          path: ["body", "value", ...i.path].join("."),
          message: i.message,
        }));
        throw badRequest(`Invalid value for ${key}: ${details.map((d) => d.message).join("; ")}`, details);
      }
      // What the trail shows of a stored value (a secret's never: only whether one is set, replaced or cleared).
      const secret = isSecretSetting(key);
      const shown = (row: { value: unknown } | undefined, redacted: string) =>
        secret ? (row ? redacted : null) : row ? row.value : def.default;
      // The change and its audit record commit together, or neither does.
      await db.transaction(async (tx) => {
        const [was] = await tx.select().from(settings).where(eq(settings.key, key)).for("update");
        await checkOrder(tx, key, parsed.data);
        let now: { value: unknown } | undefined;
        if (isGatewayKey(key) && parsed.data === "") {
          // An empty gateway setting is cleared: the environment's value, or none, applies.
          await tx.delete(settings).where(eq(settings.key, key));
        } else {
          [now] = await tx
            .insert(settings)
            .values({ key, value: parsed.data })
            .onConflictDoUpdate({ target: settings.key, set: { value: parsed.data, updatedAt: sql`now()` } })
            .returning();
        }
        await recordAudit(tx, actor, {
          action: "settings.update",
          subjectType: "setting",
          subjectId: key,
          before: { value: shown(was, "[redacted]") },
          after: { value: shown(now, "[redacted: new value]") },
        });
      });
      cache = null;
      return (await this.list()).find((s) => s.key === key);
    },

    /**
     * The gateway running now, and the one the next start would run with the stored settings and this process's
     * environment, or the line that start would stop with.
     */
    async paymentStatus() {
      // From the database, not the cache: what the next start will read.
      const stored = await readPaymentSettings(db);
      let next: { gateway: string | null; problem: string | null };
      try {
        const resolved = resolvePayment(
          { env: config?.env ?? "development", gatewayEnv: config?.gatewayEnv ?? {} },
          stored,
        );
        next = { gateway: resolved.paymentGateway, problem: null };
      } catch (err) {
        if (!(err instanceof StartupError)) throw err;
        next = { gateway: null, problem: err.message };
      }
      return { running: config?.paymentGateway ?? "sandbox", nextStart: next };
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
