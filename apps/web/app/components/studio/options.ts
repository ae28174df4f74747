import type { Category } from "@marquee/contracts/content";
import { useEffect, useState } from "react";
import { api } from "../../lib/api.ts";

export type Option = { value: string; label: string };

const categoryCache = new Map<string, Promise<Option[]>>();

/** Active categories of one group as select options (fetched once per page load and group). */
export function useCategoryOptions(group: Category["group"]): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    let pending = categoryCache.get(group);
    if (!pending) {
      pending = api
        .get<{ data: Category[] }>("/user/assets/categories/search", { group, limit: 100 })
        .then((res) => (res?.data ?? []).map((c) => ({ value: c._id, label: c.name })))
        .catch(() => {
          categoryCache.delete(group);
          return [];
        });
      categoryCache.set(group, pending);
    }
    void pending.then((list) => {
      if (live) setOptions(list);
    });
    return () => {
      live = false;
    };
  }, [group]);
  return options;
}

/** Merges options for values the lists did not return (e.g. an inactive category still on an item). */
export function withSelected(options: Option[], selected: ReadonlyArray<{ _id: string; name: string }>): Option[] {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...selected.filter((s) => !known.has(s._id)).map((s) => ({ value: s._id, label: s.name }))];
}
