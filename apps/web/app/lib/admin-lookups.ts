/** What the admin screens' type-ahead pickers search (routes/admin.lookups.ts): performers and member accounts. */
export const LOOKUPS = ["performers", "accounts"] as const;
export type Lookup = (typeof LOOKUPS)[number];

/** A choice: the select's value and label, and the name a message about it uses. */
export interface LookupOption {
  value: string;
  label: string;
  name: string;
}

/** The resource route the pickers load their choices from. */
export const LOOKUPS_PATH = "/admin/lookups";

/** Where a picker loads the choices matching `q` from. */
export const lookupUrl = (kind: Lookup, q: string) =>
  `${LOOKUPS_PATH}?${new URLSearchParams({ kind, q: q.trim().slice(0, 200) })}`;
