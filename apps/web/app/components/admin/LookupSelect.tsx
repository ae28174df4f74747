import { Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { type Lookup, type LookupOption, lookupUrl } from "../../lib/admin-lookups.ts";
import type { loader } from "../../routes/admin.lookups.ts";

/**
 * A select whose choices the server finds as the admin types (routes/admin.lookups.ts), so every performer or
 * account can be picked, not only the first page of them. `selected` is the chosen option's label when it is not
 * among the latest choices (for a value that came from the URL).
 */
export function LookupSelect({
  kind,
  value,
  selected,
  onChange,
  ...props
}: {
  kind: Lookup;
  value: string | null;
  selected?: LookupOption | null;
  onChange: (value: string | null, option: LookupOption | null) => void;
} & Omit<SelectProps, "data" | "value" | "onChange" | "searchable" | "filter" | "searchValue" | "onSearchChange">) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 250);
  const found = useFetcher<typeof loader>();
  // A newer search replaces the one under way.
  const { load } = found;
  useEffect(() => {
    void load(lookupUrl(kind, q));
  }, [kind, q, load]);

  const data = useMemo(() => {
    const options = found.data?.options ?? [];
    return selected && !options.some((o) => o.value === selected.value) ? [selected, ...options] : options;
  }, [found.data, selected]);

  return (
    <Select
      {...props}
      searchable
      data={data}
      value={value}
      onChange={(v) => onChange(v, data.find((o) => o.value === v) ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text (names, usernames, e-mail addresses).
      filter={({ options }) => options}
      nothingFoundMessage={found.state === "loading" ? t("Searching...") : t("No match")}
    />
  );
}
