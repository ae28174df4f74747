/**
 * Pure helpers behind the admin settings screen: turning API settings into form values and back, finding the
 * keys an operator changed, validating values against the shared contract and mapping API errors to fields.
 */
import {
  isSecretSetting,
  type MenuItem,
  type SettingKey,
  settingDefinitions,
  settingGroups,
} from "@marquee/contracts/settings";

export type SettingGroup = (typeof settingGroups)[number];

/** One row of GET /admin/settings. */
export interface AdminSetting {
  key: string;
  value: unknown;
  group: string;
  public: boolean;
  updatedAt: string | null;
  /** Whether a value is stored; for a secret (whose value is null) all the screen knows. */
  isSet?: boolean;
  secret?: boolean;
  /** The environment variable that fixes it (and wins over the stored value), when set. */
  env?: string | null;
  /** "start": takes effect when the API restarts. */
  applies?: "now" | "start";
}

/**
 * A secret's form value: "" leaves the stored one alone (the screen never has it), text replaces it, and this
 * marker (set by the field's Clear button) removes it.
 */
export const CLEAR_SECRET = { clear: true } as const;
const isClearMarker = (value: unknown) =>
  !!value && typeof value === "object" && (value as { clear?: unknown }).clear === true;

/** A menu entry as the editor holds it: `id` only keeps React rows stable and never reaches the API. */
export interface MenuRow {
  id: string;
  title: string;
  path: string;
  section: MenuItem["section"];
  isOpenNewTab: boolean;
}

export type FormValues = Record<string, unknown>;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingDefinitions, key);
}

/** Known settings of a group in the contract's order. */
export function keysOfGroup(group: SettingGroup): SettingKey[] {
  return (Object.keys(settingDefinitions) as SettingKey[]).filter((k) => settingDefinitions[k].group === group);
}

/** The groups that have at least one setting, in the contract's order. */
export function nonEmptyGroups(): SettingGroup[] {
  return settingGroups.filter((g) => keysOfGroup(g).length > 0);
}

let rowSeq = 0;
export function newMenuRow(partial: Partial<Omit<MenuRow, "id">> = {}): MenuRow {
  rowSeq += 1;
  return { id: `menu-${rowSeq}`, title: "", path: "", section: "header", isOpenNewTab: false, ...partial };
}

/** Menus from the API as editor rows, in display order (by `ordering`, ties keep their stored order). */
export function toMenuRows(value: unknown): MenuRow[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((raw, index) => ({ raw: (raw ?? {}) as Partial<MenuItem>, index }))
    .sort((a, b) => (a.raw.ordering ?? 0) - (b.raw.ordering ?? 0) || a.index - b.index)
    .map(({ raw }) =>
      newMenuRow({
        title: typeof raw.title === "string" ? raw.title : "",
        path: typeof raw.path === "string" ? raw.path : "",
        section: raw.section === "footer" ? "footer" : "header",
        isOpenNewTab: raw.isOpenNewTab === true,
      }),
    );
}

/** Editor rows as the API's menus: trimmed, and `ordering` follows the row order. */
export function fromMenuRows(rows: MenuRow[]): MenuItem[] {
  return rows.map((row, ordering) => ({
    title: row.title.trim(),
    path: row.path.trim(),
    section: row.section,
    isOpenNewTab: row.isOpenNewTab,
    ordering,
  }));
}

/** The form value of a setting (menus become editor rows; everything else is used as is). */
/** Settings stored as a fraction (0.2) and entered and shown as a percentage (20). */
const PERCENT_SETTINGS = new Set<string>(["performerCommission", "tipCommission"]);

export function toFormValue(key: string, value: unknown): unknown {
  if (key === "menus") return toMenuRows(value);
  if (PERCENT_SETTINGS.has(key) && typeof value === "number") return Number((value * 100).toFixed(2));
  if (value === undefined || value === null) {
    return isSettingKey(key) ? structuredClone(settingDefinitions[key].default) : "";
  }
  return value;
}

/** The value to PUT for a form value. Text is trimmed; an empty number input stays "" so validation names it. */
export function fromFormValue(key: string, value: unknown): unknown {
  if (isClearMarker(value)) return "";
  if (key === "menus") return fromMenuRows(Array.isArray(value) ? (value as MenuRow[]) : []);
  if (PERCENT_SETTINGS.has(key) && typeof value === "number") return Number((value / 100).toFixed(4));
  if (typeof value === "string") return value.trim();
  return value;
}

export function formValuesFrom(settings: AdminSetting[]): FormValues {
  const out: FormValues = {};
  for (const s of settings) out[s.key] = toFormValue(s.key, s.value);
  return out;
}

/** Structural equality for JSON values, ignoring object key order (jsonb does not keep it). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => deepEqual(item, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

/**
 * The settings among `keys` whose value in the form differs from the saved one, as key -> value to PUT.
 * Both sides go through the same form round trip, so an untouched form never reports a change.
 */
export function changedSettings(
  saved: FormValues,
  current: FormValues,
  keys: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (!(key in current)) continue;
    // A secret: typed text replaces it, the clear marker removes it, an empty field changes nothing.
    if (isSettingKey(key) && isSecretSetting(key)) {
      if (isClearMarker(current[key])) out[key] = "";
      else if (typeof current[key] === "string" && current[key].trim()) out[key] = current[key].trim();
      continue;
    }
    const before = fromFormValue(key, saved[key]);
    const after = fromFormValue(key, current[key]);
    if (!deepEqual(before, after)) out[key] = after;
  }
  return out;
}

interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
  expected?: string;
  format?: string;
}

/** Short, human messages for the contract's issues (zod's defaults read like type errors). */
function friendlyMessage(key: string, issue: IssueLike): string {
  if (issue.code === "too_small" && issue.origin === "string") {
    return issue.minimum === 1 ? "Required" : `At least ${String(issue.minimum)} characters`;
  }
  if (issue.code === "too_big" && issue.origin === "string") return `At most ${String(issue.maximum)} characters`;
  if (
    PERCENT_SETTINGS.has(key) &&
    issue.origin === "number" &&
    (issue.code === "too_small" || issue.code === "too_big")
  ) {
    return "Enter a percentage from 0 to 100";
  }
  if (issue.code === "too_small" && issue.origin === "number") return `Must be at least ${String(issue.minimum)}`;
  if (issue.code === "too_big" && issue.origin === "number") return `Must be at most ${String(issue.maximum)}`;
  if (issue.code === "too_big" && issue.origin === "array") return `At most ${String(issue.maximum)} entries`;
  if (issue.code === "invalid_type" && issue.expected === "number") return "Enter a number";
  if (issue.code === "invalid_type" && issue.expected === "int") return "Enter a whole number";
  if (issue.code === "invalid_format" && issue.format === "email") return "Enter a valid email address";
  if (key === "currency" && issue.code === "invalid_format") return "Use a three-letter code such as USD";
  return issue.message;
}

/** Checks values to PUT against the contract; errors are keyed by form path (`siteName`, `menus.0.title`). */
export function validateSettings(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!isSettingKey(key)) continue;
    const result = settingDefinitions[key].schema.safeParse(value);
    if (result.success) continue;
    for (const issue of result.error.issues as IssueLike[]) {
      const field = [key, ...issue.path.map(String)].join(".");
      if (!(field in errors)) errors[field] = friendlyMessage(key, issue);
    }
  }
  return errors;
}

/**
 * Field errors from a failed PUT /admin/settings/{key}: details at `body.value` belong to the field `key`,
 * those at `body.value.0.title` to `key.0.title`. Empty when the error names no value.
 */
export function settingFieldErrors(key: string, error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!error || typeof error !== "object" || !("details" in error) || !Array.isArray(error.details)) return out;
  for (const detail of error.details as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof detail.path !== "string" || typeof detail.message !== "string") continue;
    const match = /^body\.value(?:\.(.+))?$/.exec(detail.path);
    if (!match) continue;
    const field = match[1] ? `${key}.${match[1]}` : key;
    if (!(field in out)) out[field] = detail.message;
  }
  return out;
}
