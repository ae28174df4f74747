import { Alert, Container } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { CatalogueFilters } from "../../lib/catalogue-filters.ts";
import type { ListView } from "../../state/use-list.ts";
import { CardGrid } from "../catalogue/CardGrid.tsx";
import { LoadMore } from "../catalogue/LoadMore.tsx";
import styles from "./browse.module.css";
import { FilterBar } from "./FilterBar.tsx";
import { useFilterNavigation } from "./use-filter-navigation.ts";

/**
 * A filtered catalogue list page (movies, galleries): heading with `count`, the filter bar that puts the filters
 * into the URL of `path`, then the grid of `children` with load-more, or the loader's error.
 */
export function CatalogueListPage<T>({
  path,
  title,
  count,
  filters,
  categories,
  error,
  list,
  empty,
  gridTestId,
  onLoadMore,
  children,
  before,
  texts,
}: {
  path: string;
  /** The heading, also the grid's name; "Movies". */
  title: string;
  count: ReactNode;
  filters: CatalogueFilters;
  categories: Parameters<typeof FilterBar>[0]["categories"];
  error: string | null | undefined;
  list: ListView<T>;
  empty: ReactNode;
  gridTestId: string;
  onLoadMore: () => void;
  children: ReactNode;
  /** Shown between the filters and the list (e.g. the movies announced for later). */
  before?: ReactNode;
  /** The list's own words, whole sentences in the page's language: its search box, its failure and its button. */
  texts: { search: string; failed: string; more: string };
}) {
  const { apply, busy } = useFilterNavigation(path);

  return (
    <Container size="xl">
      <div className={styles.header}>
        <h1 className={styles.heading}>{title}</h1>
        {count}
      </div>
      <FilterBar filters={filters} categories={categories} onChange={apply} searchLabel={texts.search} />
      {before}
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={texts.failed}>
          {error}
        </Alert>
      ) : (
        <div className={styles.results} data-busy={busy}>
          <CardGrid label={title} testId={gridTestId} empty={empty}>
            {children}
          </CardGrid>
          <LoadMore
            onClick={onLoadMore}
            loading={list.requesting}
            hasMore={!!list.next}
            shown={list.items.length}
            total={list.total}
            totalCapped={list.totalCapped}
            error={list.error?.message}
            label={texts.more}
          />
        </div>
      )}
    </Container>
  );
}
