import { Button, Group, SegmentedControl, Select, TagsInput } from "@mantine/core";
import type { CategoryRef } from "@marquee/contracts/catalogue";
import { IconX } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation.ts";
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
  const { t } = useTranslation();
  const accessData = [{ value: ALL, label: t("All") }, ...ACCESS_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))];
  const categoryData = categories.map((c) => ({ value: c.slug, label: c.name }));
  const knownCategory = filters.category && categoryData.some((c) => c.value === filters.category);

  return (
    <div className={styles.filters}>
      <SearchField value={filters.q} label={searchLabel} onSearch={(q) => onChange({ ...filters, q })} />
      <Select
        className={styles.category}
        size="sm"
        aria-label={t("Category")}
        placeholder={t("All categories")}
        data={categoryData}
        value={knownCategory ? filters.category : null}
        onChange={(value) => onChange({ ...filters, category: value })}
        clearable
        searchable={categoryData.length > 8}
        nothingFoundMessage={t("No such category")}
        comboboxProps={{ withinPortal: true }}
      />
      <SegmentedControl
        className={styles.access}
        size="sm"
        aria-label={t("Access")}
        data={accessData}
        value={filters.access ?? ALL}
        onChange={(value) =>
          onChange({ ...filters, access: value === ALL ? null : (value as CatalogueFilters["access"]) })
        }
      />
      <TagsInput
        className={styles.tags}
        size="sm"
        aria-label={t("Tags")}
        placeholder={filters.tags.length ? "" : t("Tags")}
        value={filters.tags}
        onChange={(values) => {
          const tags = [...new Set(values.map(normalizeTag).filter((tag): tag is string => !!tag))].slice(0, 10);
          onChange({ ...filters, tags });
        }}
        maxTags={10}
        clearable
      />
      <Select
        className={styles.sort}
        size="sm"
        aria-label={t("Sort by")}
        data={SORT_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
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
            {t("Clear filters")}
          </Button>
        </Group>
      )}
    </div>
  );
}
