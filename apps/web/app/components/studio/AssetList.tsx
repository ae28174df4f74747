import { Anchor, Badge, Button, SegmentedControl, Stack, Table, Tabs, Text } from "@mantine/core";
import type { Moderation } from "@marquee/contracts/catalogue";
import { IconEdit, IconPlus, IconUsers, type TablerIcon } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import {
  type AssetStatus,
  moderationBadges,
  moderationText,
  priceLabel,
  STUDIO_PAGE_SIZE,
  type StatusFilter,
  statusColors,
  statusLabels,
} from "../../lib/studio.ts";
import { ListPanel, Pager, SearchFilters } from "../admin/ManageList.tsx";
import { StudioPage } from "./StudioPage.tsx";
import type { useStudioAssets } from "./use-studio-assets.ts";

/** The texts of a studio list, whole sentences per kind of item (Spanish nouns have a gender). */
const ASSET_TEXTS: Record<
  "movie" | "gallery" | "product",
  { add: string; search: string; list: string; noMatch: string; none: string; first: string }
> = {
  movie: {
    add: msg("New movie"),
    search: msg("Search my movies"),
    list: msg("Movies"),
    noMatch: msg("No movie matches these filters."),
    none: msg("You have no movies yet."),
    first: msg("Create your first movie"),
  },
  gallery: {
    add: msg("New gallery"),
    search: msg("Search my galleries"),
    list: msg("Galleries"),
    noMatch: msg("No gallery matches these filters."),
    none: msg("You have no galleries yet."),
    first: msg("Create your first gallery"),
  },
  product: {
    add: msg("New product"),
    search: msg("Search my products"),
    list: msg("Products"),
    noMatch: msg("No product matches these filters."),
    none: msg("You have no products yet."),
    first: msg("Create your first product"),
  },
};

/** The filters above a studio list: search and status. */
export function StudioListFilters({
  searchLabel,
  placeholder,
  search,
  onSearch,
  status,
  onStatus,
}: {
  searchLabel: string;
  placeholder?: string;
  search: string;
  onSearch: (value: string) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <SearchFilters
      label={searchLabel}
      placeholder={placeholder ?? t("Title, description or tag")}
      value={search}
      onChange={onSearch}
    >
      <SegmentedControl
        aria-label={t("Filter by status")}
        data={[
          { value: "all", label: t("All") },
          { value: "draft", label: t("Drafts") },
          { value: "active", label: t("Active") },
          { value: "inactive", label: t("Inactive") },
        ]}
        value={status}
        onChange={(value) => onStatus(value as StatusFilter)}
      />
    </SearchFilters>
  );
}

/** The title cell of a movie, gallery or product row: the title opens it, then a dimmed line and anything else. */
export function AssetTitleCell({
  title,
  onEdit,
  meta,
  children,
}: {
  title: string;
  onEdit: () => void;
  meta: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Table.Td>
      <Stack gap={2}>
        <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={onEdit} lineClamp={2}>
          {title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {meta}
        </Text>
        {children}
      </Stack>
    </Table.Td>
  );
}

/**
 * The status cell of a studio row: draft, active or inactive, unless the moderators hold the item back: "In review",
 * "Refused" or "Taken down", with the reason under it (what the performer must know to act on it).
 */
export function StatusCell({ status, moderation }: { status: AssetStatus; moderation?: Moderation | null }) {
  const { t } = useTranslation();
  if (moderation) {
    const { label, color } = moderationBadges[moderation.state];
    return (
      <Table.Td data-testid="moderation">
        <Stack gap={2} maw={260}>
          <Badge color={color} variant="light">
            {t(label)}
          </Badge>
          {moderation.reason ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {moderationText(moderation, t)}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
    );
  }
  return (
    <Table.Td>
      <Badge color={statusColors[status]} variant="dot">
        {t(statusLabels[status])}
      </Badge>
    </Table.Td>
  );
}

/** The access (price) and status cells of a movie or gallery row. */
export function AccessStatusCells({
  item,
  currencySymbol,
}: {
  item: Parameters<typeof priceLabel>[0] & { status: AssetStatus; moderation?: Moderation | null };
  currencySymbol: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td>
        <Text size="sm">{priceLabel(item, currencySymbol, t)}</Text>
      </Table.Td>
      <StatusCell status={item.status} moderation={item.moderation} />
    </>
  );
}

/**
 * The tabs of a studio drawer: the details form, then the item's media (enabled once the item exists). A new
 * item gets `newHint` under its form.
 */
export function AssetDrawerTabs<M extends string>({
  tab,
  onTab,
  media,
  editing,
  form,
  newHint,
  panel,
  people,
}: {
  tab: "details" | "people" | M;
  onTab: (tab: "details" | "people" | M) => void;
  media: { value: M; label: string; icon: ReactNode; rightSection?: ReactNode };
  editing: boolean;
  form: ReactNode;
  newHint: string;
  panel: ReactNode;
  /** Who appears in the item and their releases (movies and galleries). */
  people?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={tab}
      onChange={(next) => onTab(next === media.value ? media.value : next === "people" ? "people" : "details")}
      keepMounted
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="details" leftSection={<IconEdit size={16} />}>
          {t("Details")}
        </Tabs.Tab>
        <Tabs.Tab value={media.value} leftSection={media.icon} disabled={!editing} rightSection={media.rightSection}>
          {media.label}
        </Tabs.Tab>
        {people !== undefined && (
          <Tabs.Tab value="people" leftSection={<IconUsers size={16} />} disabled={!editing}>
            {t("People")}
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Tabs.Panel value="details">
        <Stack gap="lg">
          {form}
          {!editing && (
            <Text size="sm" c="dimmed">
              {newHint}
            </Text>
          )}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value={media.value}>{editing && panel}</Tabs.Panel>
      {people !== undefined && <Tabs.Panel value="people">{editing && tab === "people" && people}</Tabs.Panel>}
    </Tabs>
  );
}

/**
 * The screen of a studio list (my movies, my galleries, my products): heading with a "New" button, search and status filters,
 * the list or its empty state, page numbers, then the screen's drawer and dialogs.
 */
export function StudioAssetScreen<T extends { _id: string }>({
  title,
  description,
  noun,
  icon,
  assets,
  onNew,
  searchPlaceholder,
  table,
  children,
}: {
  title: string;
  description: string;
  /** What the list holds; its texts are whole sentences per kind. */
  noun: "movie" | "gallery" | "product";
  /** "movies": unused since the texts come whole from `noun`, kept for the callers. */
  plural?: string;
  icon: TablerIcon;
  assets: ReturnType<typeof useStudioAssets<T>>;
  onNew: () => void;
  /** What the search looks in, when not "Title, description or tag". */
  searchPlaceholder?: string;
  /** The table of `assets.result`. */
  table: ReactNode;
  /** The drawer and dialogs. */
  children: ReactNode;
}) {
  const { search, setSearch, q, status, setStatus, page, setPage, result, error, load } = assets;
  const filtered = !!q || status !== "all";
  const { t } = useTranslation();
  const texts = ASSET_TEXTS[noun];
  return (
    <StudioPage
      title={title}
      description={description}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
          {t(texts.add)}
        </Button>
      }
    >
      <StudioListFilters
        searchLabel={t(texts.search)}
        placeholder={searchPlaceholder}
        search={search}
        onSearch={setSearch}
        status={status}
        onStatus={setStatus}
      />

      <ListPanel
        label={t(texts.list)}
        error={error && t(error)}
        onRetry={load}
        ready={!!result}
        skeleton={{ rows: 3, height: 64 }}
        count={result?.data.length}
        empty={{
          large: true,
          icon,
          message: filtered ? t(texts.noMatch) : t(texts.none),
          action: !filtered && (
            <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
              {t(texts.first)}
            </Button>
          ),
        }}
      >
        {table}
      </ListPanel>

      <Pager total={result?.total ?? 0} pageSize={STUDIO_PAGE_SIZE} page={page} onChange={setPage} />
      {children}
    </StudioPage>
  );
}
