import { Badge, SegmentedControl, Table, Text } from "@mantine/core";
import type { Subscription } from "@marquee/contracts/subscriptions";
import { IconHeartHandshake } from "@tabler/icons-react";
import { useRevalidator } from "react-router";
import { DataTable, ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { formatPrice } from "../components/catalogue/format.ts";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loaded } from "../lib/actions.server.ts";
import { oneOf, pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/studio.subscribers";

export const handle = pages.studioSubscribers.handle;

const DESCRIPTION = msg("Who subscribes to you, since when, and until when their subscription runs.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Subscribers"), t(DESCRIPTION));
};

const PAGE_SIZE = 25;
type Show = "active" | "all";

/** A page of the performer's own subscribers (`show`: running only, or every one; `page`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const show = oneOf<Show>(params, "show", ["active", "all"], "active");
  const page = pageOf(params);
  const list = await loaded(
    sessionApi(request, context).get<{ data: Subscription[]; total: number }>("/subscriptions/performer/search", {
      status: show === "active" ? "active" : undefined,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    msg("Could not load your subscribers."),
  );
  return { list, show, page };
}

export default function StudioSubscribersPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  const revalidator = useRevalidator();
  const { setFilter, setPage, loading } = useListParams();
  const { t } = useTranslation();
  const f = useFormat();
  if (!role) return <StudioForbidden />;
  const { list, show, page } = loaderData;
  const rows = list.result?.data ?? [];
  return (
    <StudioPage title={t("Subscribers")} description={t(DESCRIPTION)}>
      <SegmentedControl
        aria-label={t("Show")}
        data={[
          { value: "active", label: t("Renewing") },
          { value: "all", label: t("Everyone") },
        ]}
        value={show}
        onChange={(v) => setFilter("show", v)}
        style={{ alignSelf: "flex-start" }}
      />
      <ListPanel
        label={t("Subscribers")}
        error={list.error && t(list.error)}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={rows.length}
        empty={{ icon: IconHeartHandshake, message: t("No subscribers here yet. Set your prices in your profile.") }}
      >
        <DataTable
          label={t("Subscribers")}
          minWidth={640}
          busy={loading}
          columns={[
            { label: t("Member") },
            { label: t("Plan") },
            { label: t("Since") },
            { label: t("Until") },
            { label: t("Status") },
          ]}
        >
          {rows.map((s) => (
            <Table.Tr key={s._id} data-testid="subscriber-row">
              <Table.Td>
                <Text size="sm">{s.user ? `${s.user.name} (@${s.user.username})` : "—"}</Text>
              </Table.Td>
              <Table.Td>
                {s.period}, {formatPrice(s.price, symbol, f.locale)}
              </Table.Td>
              <Table.Td>{f.date(s.startedAt)}</Table.Td>
              <Table.Td>{f.date(s.expiresAt)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={s.active ? (s.renews ? "teal" : "orange") : "gray"}>
                  {s.active ? (s.renews ? t("Renews") : t("Ends")) : t("Ended")}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListPanel>
      <Pager total={list.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
    </StudioPage>
  );
}
