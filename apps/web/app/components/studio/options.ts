import type { Category } from "@marquee/contracts/content";
import type { Performer } from "@marquee/contracts/performers";
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

/** Performers as select options, for admins who publish on a performer's behalf. Empty unless `enabled`. */
export function usePerformerOptions(enabled: boolean): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api
      .get<{ data: Performer[] }>("/performers/search", { limit: 100, sortBy: "name", sort: "asc" })
      .then((res) => {
        if (live) setOptions((res?.data ?? []).map((p) => ({ value: p._id, label: `${p.name} (@${p.username})` })));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled]);
  return options;
}

/** Merges options for values the lists did not return (e.g. an inactive category still on an item). */
export function withSelected(options: Option[], selected: ReadonlyArray<{ _id: string; name: string }>): Option[] {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...selected.filter((s) => !known.has(s._id)).map((s) => ({ value: s._id, label: s.name }))];
}
