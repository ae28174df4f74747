import { Anchor, Badge, SegmentedControl, Stack, Table, Tabs, Text } from "@mantine/core";
import { IconEdit } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { priceLabel, statusColors, statusLabels } from "../../lib/studio.ts";
import { SearchFilters } from "../admin/ManageList.tsx";

type AssetStatus = keyof typeof statusLabels;
export type StatusFilter = "all" | AssetStatus;

/** The filters above a studio list: search and status. */
export function StudioListFilters({
  searchLabel,
  search,
  onSearch,
  status,
  onStatus,
}: {
  searchLabel: string;
  search: string;
  onSearch: (value: string) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
}) {
  return (
    <SearchFilters label={searchLabel} placeholder="Title, description or tag" value={search} onChange={onSearch}>
      <SegmentedControl
        aria-label="Filter by status"
        data={[
          { value: "all", label: "All" },
          { value: "draft", label: "Drafts" },
          { value: "active", label: "Active" },
          { value: "inactive", label: "Inactive" },
        ]}
        value={status}
        onChange={(value) => onStatus(value as StatusFilter)}
      />
    </SearchFilters>
  );
}

/** The title cell of a movie or gallery row: the title opens it, then a dimmed line and anything else. */
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

/** The access (price) and status cells of a movie or gallery row. */
export function AccessStatusCells({
  item,
  currencySymbol,
}: {
  item: Parameters<typeof priceLabel>[0] & { status: AssetStatus };
  currencySymbol: string;
}) {
  return (
    <>
      <Table.Td>
        <Text size="sm">{priceLabel(item, currencySymbol)}</Text>
      </Table.Td>
      <Table.Td>
        <Badge color={statusColors[item.status]} variant="dot">
          {statusLabels[item.status]}
        </Badge>
      </Table.Td>
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
}: {
  tab: "details" | M;
  onTab: (tab: "details" | M) => void;
  media: { value: M; label: string; icon: ReactNode; rightSection?: ReactNode };
  editing: boolean;
  form: ReactNode;
  newHint: string;
  panel: ReactNode;
}) {
  return (
    <Tabs value={tab} onChange={(next) => onTab(next === media.value ? media.value : "details")} keepMounted>
      <Tabs.List mb="lg">
        <Tabs.Tab value="details" leftSection={<IconEdit size={16} />}>
          Details
        </Tabs.Tab>
        <Tabs.Tab value={media.value} leftSection={media.icon} disabled={!editing} rightSection={media.rightSection}>
          {media.label}
        </Tabs.Tab>
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
    </Tabs>
  );
}
