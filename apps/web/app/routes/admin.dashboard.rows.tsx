import { Anchor, Group, Stack, Table, Text } from "@mantine/core";
import { type DashboardFigure, type DashboardRows, dashboardRowsQuery } from "@marquee/contracts/dashboard";
import { IconListDetails } from "@tabler/icons-react";
import { Link } from "react-router";
import { AdminDetailPage } from "../components/admin/AdminPage.tsx";
import { DataTable, EmptyState, Pager } from "../components/admin/ManageList.tsx";
import { KIND_LABELS } from "../components/admin/RevenueChart.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loaded } from "../lib/actions.server.ts";
import { pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.dashboard.rows";

export const handle = pages.adminDashboardRows.handle;

const DESCRIPTION = msg("The ledger rows behind one figure of the dashboard: they add up to it.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Rows behind a figure"), t(DESCRIPTION));
};

const PAGE_SIZE = 50;

const FIGURES: Record<DashboardFigure, string> = {
  revenue: msg("Revenue: order lines of the payments made in the period"),
  payments: msg("Payments made in the period"),
  refunds: msg("Refunds made in the period"),
  chargebacks: msg("Chargebacks made in the period"),
  "new-members": msg("Accounts created in the period"),
  "active-members": msg("Live memberships and subscriptions at the period's end"),
  "churned-members": msg("Memberships and subscriptions ended in the period, of members with none live"),
  performer: msg("The performer's earning lines of the period"),
  item: msg("The item's order lines in the period"),
};

/** Row titles the API gives in English words: a payment's status, a subscription's kind. */
const TITLES: Record<string, string> = {
  paid: msg("Paid"),
  refunded: msg("Refunded"),
  Refund: msg("Refund"),
  Chargeback: msg("Chargeback"),
  site: msg("Membership"),
  performer: msg("Performer subscription"),
};

/** The rows of the figure whose filter is in the URL (as the dashboard links it), a page at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = pageOf(params);
  const query = dashboardRowsQuery.safeParse({
    ...Object.fromEntries([...params].filter(([k]) => k !== "page")),
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  if (!query.success) {
    return { rows: { result: null, error: msg("This figure's filter is not one the dashboard gives.") }, page };
  }
  const { limit, offset, ...rest } = query.data;
  const rows = await loaded(
    sessionApi(request, context).get<DashboardRows>("/admin/dashboard/rows", {
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      limit,
      offset,
    } as Record<string, string | number>),
    msg("Could not load the rows."),
  );
  return { rows, page, query: query.data };
}

export default function AdminDashboardRowsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const { setPage, loading } = useListParams();
  const { rows, page } = loaderData;
  const query = "query" in loaderData ? loaderData.query : undefined;
  const money = (n: number) => (n < 0 ? `−${f.price(-n)}` : f.price(n));
  const back = query?.period ? `/admin?period=${query.period}` : "/admin";
  return (
    <AdminDetailPage
      title={t("Rows behind a figure")}
      description={t(DESCRIPTION)}
      back={{ to: back, label: t("Dashboard") }}
      detail={rows}
    >
      {(r) => (
        <Stack gap="md">
          <Text fw={700} data-testid="rows-figure">
            {t(FIGURES[r.figure])}
            {query?.kind ? ` · ${t(KIND_LABELS[query.kind])}` : ""}
            {query?.bucket ? ` · ${query.bucket}` : ""}
          </Text>
          <Group gap="lg">
            <Text size="sm" data-testid="rows-total">
              {t("{{n}} rows", { count: r.total, n: f.number(r.total) })}
            </Text>
            {r.members !== null && (
              <Text size="sm" data-testid="rows-members">
                {t("{{n}} members", { count: r.members, n: f.number(r.members) })}
              </Text>
            )}
            {r.amount !== null && (
              <Text size="sm" data-testid="rows-amount">
                {t("Adding up to {{amount}}", { amount: money(r.amount) })}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t("{{from}} to {{to}} (UTC, end excluded)", { from: f.date(r.from), to: f.date(r.to) })}
            </Text>
          </Group>
          {r.data.length === 0 ? (
            <EmptyState icon={IconListDetails} message={t("No rows behind this figure.")} />
          ) : (
            <DataTable
              label={t("Rows behind a figure")}
              minWidth={560}
              busy={loading}
              columns={[
                { label: t("Date") },
                { label: t("What") },
                { label: t("Amount"), right: true },
                { label: t("Payment") },
              ]}
            >
              {r.data.map((row) => (
                <Table.Tr key={row._id} data-testid="figure-row">
                  <Table.Td>{f.dateTime(row.at)}</Table.Td>
                  <Table.Td>{TITLES[row.title] ? t(TITLES[row.title] as string) : row.title}</Table.Td>
                  <Table.Td ta="right">{row.amount === null ? "—" : money(row.amount)}</Table.Td>
                  <Table.Td>
                    {row.transactionId ? (
                      <Anchor component={Link} to={`/admin/transactions/${row.transactionId}`} size="sm">
                        {t("Open payment")}
                      </Anchor>
                    ) : (
                      "—"
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )}
          <Pager total={r.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
        </Stack>
      )}
    </AdminDetailPage>
  );
}
