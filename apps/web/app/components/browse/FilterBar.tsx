import { Button, Group, SegmentedControl, Select, TagsInput } from "@mantine/core";
import type { CategoryRef } from "@marquee/contracts/catalogue";
import { IconX } from "@tabler/icons-react";
import {
  ACCESS_OPTIONS,
  type CatalogueFilters,
  type CatalogueSort,
  defaultFilters,
  hasActiveFilters,
  normalizeTag,
  SORT_OPTIONS,
} from "../../lib/catalogue-filters.ts";
import styles from "./browse.module.css";
import { SearchField } from "./SearchField.tsx";

const ALL = "all";
const accessData = [{ value: ALL, label: "All" }, ...ACCESS_OPTIONS];

/**
 * The filters of a catalogue list: search, category, access kind, tags and sort. Every change goes to `onChange`
 * at once (the search box after a short pause), which puts it in the URL.
 */
export function FilterBar({
  filters,
  categories,
  onChange,
  searchLabel,
}: {
  filters: CatalogueFilters;
  categories: CategoryRef[];
  onChange: (next: CatalogueFilters) => void;
  searchLabel: string;
}) {
  const categoryData = categories.map((c) => ({ value: c.slug, label: c.name }));
  const knownCategory = filters.category && categoryData.some((c) => c.value === filters.category);

  return (
    <div className={styles.filters}>
      <SearchField value={filters.q} label={searchLabel} onSearch={(q) => onChange({ ...filters, q })} />
      <Select
        className={styles.category}
        size="sm"
        aria-label="Category"
        placeholder="All categories"
        data={categoryData}
        value={knownCategory ? filters.category : null}
        onChange={(value) => onChange({ ...filters, category: value })}
        clearable
        searchable={categoryData.length > 8}
        nothingFoundMessage="No such category"
        comboboxProps={{ withinPortal: true }}
      />
      <SegmentedControl
        className={styles.access}
        size="sm"
        aria-label="Access"
        data={accessData}
        value={filters.access ?? ALL}
        onChange={(value) =>
          onChange({ ...filters, access: value === ALL ? null : (value as CatalogueFilters["access"]) })
        }
      />
      <TagsInput
        className={styles.tags}
        size="sm"
        aria-label="Tags"
        placeholder={filters.tags.length ? "" : "Tags"}
        value={filters.tags}
        onChange={(values) => {
          const tags = [...new Set(values.map(normalizeTag).filter((t): t is string => !!t))].slice(0, 10);
          onChange({ ...filters, tags });
        }}
        maxTags={10}
        clearable
      />
      <Select
        className={styles.sort}
        size="sm"
        aria-label="Sort by"
        data={SORT_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        value={filters.sort}
        onChange={(value) => onChange({ ...filters, sort: (value as CatalogueSort | null) ?? "newest" })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {hasActiveFilters(filters) && (
        <Group gap={0}>
          <Button
            variant="subtle"
            size="sm"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => onChange({ ...defaultFilters, sort: filters.sort })}
          >
            Clear filters
          </Button>
        </Group>
      )}
    </div>
  );
}
