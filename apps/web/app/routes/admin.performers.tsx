import {
  ActionIcon,
  Button,
  Divider,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AdminSearchPerformersQuery, AdminPerformer as Performer } from "@marquee/contracts/performers";
import { IconEdit, IconExternalLink, IconUserStar } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { AddPerformer } from "../components/admin/AddPerformer.tsx";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import {
  ActiveSwitch,
  DataTable,
  EditDrawer,
  ListPanel,
  Pager,
  PersonCell,
  RowAction,
  RowActions,
  SearchFilters,
} from "../components/admin/ManageList.tsx";
import { useOpenItem } from "../components/admin/use-manage.tsx";
import { PerformerProfileForm } from "../components/studio/PerformerProfileForm.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, textOf as payloadText, saveDeleteIntents } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { offsetPage, oneOf, pageOf, textOf } from "../lib/list-params.ts";
import { countryList, profileOptions } from "../lib/lookups.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import { DEFAULT_AVATAR } from "../state/user.ts";
import type { Route } from "./+types/admin.performers";

export const handle = pages.adminPerformers.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(
    matches,
    t("Performers"),
    t("Turn members into performers, edit their profiles and switch them on or off."),
  );
};

const PAGE_SIZE = 20;
const enc = encodeURIComponent;
type PerformerPage = { data: Performer[]; total: number };
type StatusFilter = AdminSearchPerformersQuery["status"];
const statusOptions: { value: StatusFilter; label: string }[] = [
  { value: "all", label: msg("All") },
  { value: "active", label: msg("Active") },
  { value: "inactive", label: msg("Inactive") },
];
const statusFilter = (params: URLSearchParams) =>
  oneOf<StatusFilter>(params, "status", ["all", "active", "inactive"], "all");

/**
 * A page of performers with the search (`q`), status and page in the URL: every performer, switched off or not,
 * so a hidden profile can be found and switched back on. Also the choices of the profile form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const api = sessionApi(request, context);
  const q = textOf(params);
  const [list, options, commission, countries] = await Promise.all([
    loaded(
      api.get<PerformerPage>("/admin/performers", {
        q: q || undefined,
        status: statusFilter(params),
        ...offsetPage(pageOf(params), PAGE_SIZE),
      }),
      msg("Could not load the performers."),
    ),
    profileOptions(api),
    // The site's commission rate, which applies to performers without their own.
    api
      .get<{ key: string; value: unknown }[]>("/admin/settings", { group: "commission" })
      .then((rows) => {
        const value = rows.find((r) => r.key === "performerCommission")?.value;
        return typeof value === "number" ? value : null;
      })
      .catch(() => null),
    // The countries of the application an admin files for an account.
    countryList(api).catch(() => []),
  ]);
  return { list, options, siteCommission: commission, countries };
}

export function action({ request, context }: Route.ActionArgs) {
  const { save } = saveDeleteIntents("/admin/performers");
  return handleIntents(request, context, {
    /** A member account becomes a performer (`userId`). */
    promote: (api, payload) => api.post("/admin/performers", { userId: payloadText(payload, "userId") }),
    /** The account's newest application (`userId`), for where it stands with verification. */
    standing: (api, payload) =>
      api.get("/admin/verifications", { userId: payloadText(payload, "userId"), state: "all", limit: 1 }),
    /** A profile's fields (`id`, `body`), its status among them. */
    save,
    /** The performer's own commission rate (`id`, `rate` as a fraction; null: the site's). */
    commission: (api, payload) =>
      api.put(`/admin/performers/${enc(payloadText(payload, "id"))}/commission`, {
        rate: typeof payload.rate === "number" ? payload.rate : null,
      }),
  });
}

/** A rate as a percentage: 0.125 is "12.5%". */
const percent = (rate: number) => `${Math.round(rate * 10_000) / 100}%`;

/** The share of each sale the site keeps from this performer, entered as a percentage; empty: the site's rate. */
function CommissionForm({ performer, siteRate }: { performer: Performer; siteRate: number | null }) {
  const { t } = useTranslation();
  const { run } = useIntent();
  const own = performer.commissionRate;
  const [value, setValue] = useState<number | string>(own === null ? "" : Math.round(own * 10_000) / 100);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const site = siteRate === null ? t("the site's rate") : t("the site's rate ({{rate}})", { rate: percent(siteRate) });

  const save = async () => {
    const rate = value === "" ? null : Math.round(Number(value) * 100) / 10_000;
    if (rate !== null && (!Number.isFinite(rate) || rate < 0 || rate > 0.95)) {
      setError(t("Enter a percentage from 0 to 95, or leave it empty."));
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await run("commission", { id: performer._id, rate });
      notifications.show({
        color: "teal",
        message:
          rate === null
            ? t("{{name}} now pays {{rate}}.", { name: performer.name, rate: site })
            : t("{{name}} now pays {{rate}} commission on new sales.", { name: performer.name, rate: percent(rate) }),
      });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      aria-label={t("Commission")}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md">
            {t("Commission")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("The share of each sale the site keeps. Empty: {{rate}}. Sales already made keep their rate.", {
              rate: site,
            })}
          </Text>
        </div>
        <Group align="flex-start" gap="sm">
          <NumberInput
            label={t("Commission")}
            suffix="%"
            min={0}
            max={95}
            decimalScale={2}
            placeholder={siteRate === null ? t("Site rate") : t("Site rate ({{rate}})", { rate: percent(siteRate) })}
            value={value}
            onChange={setValue}
            error={error}
            w={200}
          />
          <Button type="submit" mt={25} loading={saving}>
            {t("Save commission")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];
type PageData = {
  list: NonNullable<LoaderData["list"]>;
  options: NonNullable<LoaderData["options"]>;
  siteCommission: number | null;
  countries: LoaderData["countries"];
};

function Performers({ data: { list, options, siteCommission, countries } }: { data: PageData }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { params, search, setSearch, q, page, setPage, setFilter, loading } = useListParams();
  const status = statusFilter(params);
  const { result, error } = list;
  const revalidator = useRevalidator();
  const { run } = useIntent();
  const { open, setOpen: setEditing, current: editing } = useOpenItem(result?.data);
  const [switching, setSwitching] = useState<string | null>(null);

  const setStatus = async (performer: Performer, active: boolean) => {
    setSwitching(performer._id);
    try {
      await run("save", { id: performer._id, body: { status: active ? "active" : "inactive" } });
      notifications.show({
        color: "teal",
        message: active
          ? t("{{name}} is listed again.", { name: performer.name })
          : t("{{name}} is hidden from the site.", { name: performer.name }),
      });
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not change the status"), message: errorMessage(e) });
    } finally {
      setSwitching(null);
    }
  };

  return (
    <AdminPage
      title={t("Performers")}
      description={t("Turn members into performers, edit their profiles and switch them on or off.")}
    >
      <AddPerformer countries={countries} onPromoted={setEditing} />
      <SearchFilters
        label={t("Search performers")}
        placeholder={t("Name or username")}
        value={search}
        onChange={setSearch}
        basis={280}
      >
        <SegmentedControl
          aria-label={t("Status")}
          data={statusOptions.map((o) => ({ ...o, label: t(o.label) }))}
          value={status}
          onChange={(value) => setFilter("status", value)}
        />
      </SearchFilters>
      <ListPanel
        label={t("Performers")}
        error={error}
        onRetry={() => void revalidator.revalidate()}
        ready={!!result}
        skeleton={{ rows: 4, height: 44 }}
        count={result?.data.length}
        empty={{
          icon: IconUserStar,
          message: q
            ? t("No performer matches this search.")
            : status === "inactive"
              ? t("No performer is switched off.")
              : status === "active"
                ? t("No performer is switched on.")
                : t("No performers yet."),
        }}
      >
        <DataTable
          label={t("Performers")}
          minWidth={860}
          busy={loading}
          columns={[
            { label: t("Performer") },
            { label: t("Movies"), right: true },
            { label: t("Galleries"), right: true },
            { label: t("Subscribers"), right: true },
            { label: t("Commission"), right: true },
            { label: t("Active") },
            { label: t("Since") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {result?.data.map((performer) => (
            <Table.Tr key={performer._id} data-testid={`performer-row-${performer.username}`}>
              <Table.Td>
                <PersonCell
                  avatar={performer.avatar || DEFAULT_AVATAR}
                  name={performer.name}
                  detail={`@${performer.username}${performer.country ? ` · ${performer.country}` : ""}`}
                />
              </Table.Td>
              <Table.Td ta="right">{performer.stats.videos}</Table.Td>
              <Table.Td ta="right">{performer.stats.galleries}</Table.Td>
              <Table.Td ta="right">{performer.stats.subscribers}</Table.Td>
              <Table.Td ta="right" data-testid="performer-commission">
                {performer.commissionRate === null ? (
                  <Text size="sm" c="dimmed" component="span">
                    {siteCommission === null ? t("Site") : t("Site ({{rate}})", { rate: percent(siteCommission) })}
                  </Text>
                ) : (
                  percent(performer.commissionRate)
                )}
              </Table.Td>
              <Table.Td>
                <ActiveSwitch
                  username={performer.username}
                  active={performer.status === "active"}
                  disabled={switching === performer._id}
                  onChange={(active) => void setStatus(performer, active)}
                />
              </Table.Td>
              <Table.Td c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {f.date(performer.createdAt)}
              </Table.Td>
              <Table.Td>
                <RowActions>
                  <Tooltip label={t("Public profile")}>
                    <ActionIcon
                      component={Link}
                      to={`/performers/${enc(performer.username)}`}
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={t("Public profile of {{name}}", { name: performer.name })}
                    >
                      <IconExternalLink size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <RowAction
                    tooltip={t("Edit profile")}
                    label={t("Edit {{name}}", { name: performer.name })}
                    icon={IconEdit}
                    onClick={() => setEditing(performer)}
                  />
                </RowActions>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListPanel>
      <Pager total={result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
      <EditDrawer
        opened={open !== null}
        onClose={() => setEditing(null)}
        title={editing ? t("{{name}} (@{{username}})", { name: editing.name, username: editing.username }) : ""}
      >
        {editing && (
          <PerformerProfileForm
            key={editing._id}
            performer={editing}
            title={t("Performer profile")}
            withCard={false}
            options={options}
          />
        )}
        {editing && (
          <>
            <Divider my="lg" />
            <CommissionForm key={`commission-${editing._id}`} performer={editing} siteRate={siteCommission} />
          </>
        )}
      </EditDrawer>
    </AdminPage>
  );
}

export default function AdminPerformersPage({ loaderData }: Route.ComponentProps) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  // The accounts alone are for the search's fetcher; a page opened with them in its URL has no list to show.
  const { list, options, siteCommission, countries } = loaderData;
  if (!list || !options) return null;
  return <Performers data={{ list, options, siteCommission, countries }} />;
}
