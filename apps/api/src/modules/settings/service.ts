import { type SettingKey, type SettingValue, settingDefinitions, settingKeys } from "@marquee/contracts/settings";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../platform/errors.ts";
import { settings } from "./tables.ts";

/** How long a process may serve a setting another process changed (maintenance, menus). */
const CACHE_MS = 2000;

/** Own keys only: `constructor` or `__proto__` must not pass for a setting. */
const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(settingDefinitions, key);

export function createSettingsService(db: Db) {
  let cache: { at: number; values: Map<string, { value: unknown; updatedAt: Date }> } | null = null;

  async function stored() {
    if (!cache || Date.now() - cache.at > CACHE_MS) {
      const rows = await db.select().from(settings);
      cache = { at: Date.now(), values: new Map(rows.map((r) => [r.key, { value: r.value, updatedAt: r.updatedAt }])) };
    }
    return cache.values;
  }

  async function get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const row = (await stored()).get(key);
    return (row ? row.value : settingDefinitions[key].default) as SettingValue<K>;
  }

  async function valuesOf(keys: SettingKey[]) {
    const out: Record<string, unknown> = {};
    for (const key of keys) out[key] = await get(key);
    return out;
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
      const values = await stored();
      return settingKeys
        .filter((k) => !group || settingDefinitions[k].group === group)
        .map((key) => {
          const def = settingDefinitions[key];
          const row = values.get(key);
          return {
            key,
            value: row ? row.value : def.default,
            group: def.group,
            public: def.public,
            updatedAt: row ? row.updatedAt.toISOString() : null,
          };
        });
    },

    async update(key: string, value: unknown) {
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
      await db
        .insert(settings)
        .values({ key, value: parsed.data })
        .onConflictDoUpdate({ target: settings.key, set: { value: parsed.data, updatedAt: sql`now()` } });
      cache = null;
      return (await this.list()).find((s) => s.key === key);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
