export type Option = { value: string; label: string };

/** Merges options for values the lists did not return (e.g. an inactive category still on an item). */
export function withSelected(options: Option[], selected: ReadonlyArray<{ _id: string; name: string }>): Option[] {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...selected.filter((s) => !known.has(s._id)).map((s) => ({ value: s._id, label: s.name }))];
}
