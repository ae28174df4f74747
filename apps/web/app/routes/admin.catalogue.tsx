import { ActionIcon, Select, Table, Text, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AdminAsset } from "@marquee/contracts/admin-assets";
import { accessKinds, assetStatuses } from "@marquee/contracts/catalogue";
import {
  IconBan,
  IconEdit,
  IconExternalLink,
  IconLibraryPhoto,
  IconMovie,
  IconPhoto,
  IconRestore,
} from "@tabler/icons-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { AssetEditForm, StatusCell, TakeDownForm } from "../components/admin/CatalogueItem.tsx";
import { LookupSelect } from "../components/admin/LookupSelect.tsx";
import {
  DataTable,
  EditDrawer,
  EditModal,
  ListPanel,
  MediaThumb,
  Pager,
  RowAction,
  RowActions,
  SearchFilters,
} from "../components/admin/ManageList.tsx";
import { useOpenItem } from "../components/admin/use-manage.tsx";
import { useFormat } from "../i18n/format.ts";
import type { TFunction } from "../i18n/i18n.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, type Payload, textOf } from "../lib/actions.server.ts";
import {
  ASSETS_PAGE_SIZE,
  assetFilters,
  assetsQuery,
  isFiltered,
  kindLabels,
  publicPath,
} from "../lib/admin-assets.ts";
import { errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { accessLabels, priceLabel, statusLabels } from "../lib/studio.ts";
import { useIntent } from "../lib/use-intent.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/admin.catalogue";

export const handle = pages.adminCatalogue.handle;

const DESCRIPTION = msg("Every movie and gallery of every performer: find them, edit them, take them down.");

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Catalogue"), t(DESCRIPTION));
};

type AssetPage = { data: AdminAsset[]; total: number };

/** A page of movies and galleries with the filters (kind, performer, status, access, takenDown, q, page) in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const query = assetsQuery(assetFilters(new URL(request.url).searchParams));
  return {
    list: await loaded(api.get<AssetPage>("/admin/assets/search", query), msg("Could not load the catalogue.")),
  };
}

/** The API path of the item a payload names (`kind`, `id`). */
const assetPath = (payload: Payload) =>
  `/admin/assets/${encodeURIComponent(textOf(payload, "kind"))}/${encodeURIComponent(textOf(payload, "id"))}`;

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    /** Title, status, access and price (`body`). */
    save: (api, payload) => api.put(assetPath(payload), payload.body),
    /** Off the site for members and visitors, with the `reason` its performers see. */
    takeDown: (api, payload) => api.post(`${assetPath(payload)}/take-down`, { reason: payload.reason ?? "" }),
    restore: (api, payload) => api.del(`${assetPath(payload)}/take-down`),
  });
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>, all: string) => [
  { value: "all", label: all },
  ...values.map((v) => ({ value: v, label: labels[v] })),
];
/** Filter choices with their labels in the page's language. */
const translated = (t: TFunction, data: { value: string; label: string }[]) =>
  data.map((o) => ({ value: o.value, label: t(o.label) }));
const kindOptions = [
  { value: "all", label: msg("All kinds") },
  { value: "movies", label: msg("Movies") },
  { value: "galleries", label: msg("Galleries") },
];
const takenDownOptions = [
  { value: "all", label: msg("Any") },
  { value: "yes", label: msg("Taken down") },
  { value: "no", label: msg("Not taken down") },
];
/** The filtered performer's name, from the items listed (its items all name it). */
function performerOption(items: readonly AdminAsset[] | undefined, id: string) {
  const ref = items?.flatMap((a) => a.performers).find((p) => p._id === id);
  return ref ? { value: ref._id, label: ref.name, name: ref.name } : null;
}

function Catalogue({ data: { list } }: { data: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { params, search, setSearch, page, setPage, setFilter, loading } = useListParams();
  const filters = assetFilters(params);
  const { result, error } = list;
  const revalidator = useRevalidator();
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol);
  const { run } = useIntent();
  const { open, setOpen, current: editing } = useOpenItem(result?.data);
  const [takingDown, setTakingDown] = useState<AdminAsset | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);

  const restore = async (asset: AdminAsset) => {
    setRestoring(asset._id);
    try {
      await run("restore", { kind: asset.kind, id: asset._id });
      notifications.show({ color: "teal", message: t("“{{title}}” is back on the site.", { title: asset.title }) });
    } catch (e) {
      notifications.show({
        color: "red",
        title: asset.kind === "video" ? t("Could not restore the movie") : t("Could not restore the gallery"),
        message: errorMessage(e),
      });
    } finally {
      setRestoring(null);
    }
  };

  const filterSelect = (key: string, label: string, data: { value: string; label: string }[], value: string) => (
    <Select
      label={label}
      data={translated(t, data)}
      value={value}
      allowDeselect={false}
      onChange={(v) => setFilter(key, v ?? "all")}
      style={{ flex: "1 1 130px" }}
    />
  );

  return (
    <AdminPage title={t("Catalogue")} description={t(DESCRIPTION)}>
      <SearchFilters
        label={t("Search the catalogue")}
        placeholder={t("Title or description")}
        value={search}
        onChange={setSearch}
        basis={200}
      >
        {filterSelect("kind", t("Kind"), kindOptions, filters.kind)}
        <LookupSelect
          kind="performers"
          label={t("Performer")}
          placeholder={t("All performers")}
          value={filters.performer || null}
          selected={filters.performer ? performerOption(result?.data, filters.performer) : null}
          clearable
          onChange={(v) => setFilter("performer", v ?? "all")}
          style={{ flex: "1 1 200px" }}
        />
        {filterSelect("status", t("Status"), options(assetStatuses, statusLabels, msg("Any status")), filters.status)}
        {filterSelect("access", t("Access"), options(accessKinds, accessLabels, msg("Any access")), filters.access)}
        {filterSelect("takenDown", t("Take-down"), takenDownOptions, filters.takenDown)}
      </SearchFilters>
      <ListPanel
        label={t("Catalogue")}
        error={error}
        onRetry={() => void revalidator.revalidate()}
        ready={!!result}
        skeleton={{ rows: 5, height: 56 }}
        count={result?.data.length}
        empty={{
          icon: IconLibraryPhoto,
          message: isFiltered(filters) ? t("Nothing matches these filters.") : t("No movies or galleries yet."),
        }}
      >
        <DataTable
          label={t("Movies and galleries")}
          minWidth={960}
          busy={loading}
          columns={[
            { label: t("Thumbnail"), hidden: true },
            { label: t("Title") },
            { label: t("Kind") },
            { label: t("Performers") },
            { label: t("Status") },
            { label: t("Access") },
            { label: t("Added") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {result?.data.map((asset) => (
            <Table.Tr key={asset._id} data-testid={`asset-row-${asset._id}`}>
              <Table.Td w={112}>
                <MediaThumb
                  image={asset.thumbnail}
                  width={96}
                  height={54}
                  icon={asset.kind === "video" ? IconMovie : IconPhoto}
                />
              </Table.Td>
              <Table.Td maw={280}>
                <Text fw={600} size="sm" lineClamp={2}>
                  {asset.title}
                </Text>
              </Table.Td>
              <Table.Td>{t(kindLabels[asset.kind])}</Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" lineClamp={2}>
                  {asset.performers.map((p) => p.name).join(", ") || "—"}
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <StatusCell asset={asset} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{t(priceLabel(asset, currencySymbol))}</Table.Td>
              <Table.Td c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {f.date(asset.createdAt)}
              </Table.Td>
              <Table.Td>
                <RowActions>
                  <Tooltip label={t("Public page")}>
                    <ActionIcon
                      component={Link}
                      to={publicPath(asset)}
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={t("Public page of {{title}}", { title: asset.title })}
                    >
                      <IconExternalLink size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <RowAction
                    tooltip={t("Edit")}
                    label={t("Edit {{name}}", { name: asset.title })}
                    icon={IconEdit}
                    onClick={() => setOpen(asset)}
                  />
                  {asset.takedown ? (
                    <Tooltip label={t("Restore")}>
                      <ActionIcon
                        variant="subtle"
                        color="teal"
                        size="lg"
                        aria-label={t("Restore {{title}}", { title: asset.title })}
                        loading={restoring === asset._id}
                        onClick={() => void restore(asset)}
                      >
                        <IconRestore size={18} />
                      </ActionIcon>
                    </Tooltip>
                  ) : (
                    <RowAction
                      tooltip={t("Take down")}
                      label={t("Take down {{title}}", { title: asset.title })}
                      icon={IconBan}
                      color="red"
                      onClick={() => setTakingDown(asset)}
                    />
                  )}
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListPanel>
      <Pager total={result?.total ?? 0} pageSize={ASSETS_PAGE_SIZE} page={page} onChange={setPage} />
      <EditDrawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={editing ? (editing.kind === "video" ? t("Edit movie") : t("Edit gallery")) : ""}
      >
        {editing && (
          <AssetEditForm
            key={editing._id}
            asset={editing}
            onSaved={(saved) => {
              setOpen(null);
              notifications.show({ color: "teal", message: t("“{{title}}” saved.", { title: saved.title }) });
            }}
          />
        )}
      </EditDrawer>
      <EditModal
        opened={takingDown !== null}
        onClose={() => setTakingDown(null)}
        title={
          takingDown ? (takingDown.kind === "video" ? t("Take down this movie?") : t("Take down this gallery?")) : ""
        }
      >
        {takingDown && <TakeDownForm key={takingDown._id} asset={takingDown} onDone={() => setTakingDown(null)} />}
      </EditModal>
    </AdminPage>
  );
}

export default function AdminCataloguePage({ loaderData }: Route.ComponentProps) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <Catalogue data={loaderData} />;
}
