import { Alert, Anchor, Badge, Button, Group, List, Select, Table, Text } from "@mantine/core";
import { type GatewayEventRecord, type Transaction, transactionStatuses } from "@marquee/contracts/payments";
import { IconAlertTriangle, IconReceipt } from "@tabler/icons-react";
import { Link, useRevalidator } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { DataTable, ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { RefundButton, useRefund } from "../components/payments/use-refund.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, refundIntent } from "../lib/actions.server.ts";
import { oneOf, pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { itemPath } from "../lib/payments.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.transactions";

export const handle = pages.adminTransactions.handle;

const DESCRIPTION = msg("Every payment on the site, who paid and for what; refunds go back through the gateway.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Transactions"), t(DESCRIPTION));
};

const PAGE_SIZE = 25;
type StatusFilter = "all" | Transaction["status"];
const STATUS_LABELS: Record<Transaction["status"], string> = {
  pending: msg("Pending"),
  paid: msg("Paid"),
  failed: msg("Declined"),
  expired: msg("Expired"),
  refunded: msg("Refunded"),
};
const STATUS_COLORS: Record<Transaction["status"], string> = {
  pending: "yellow",
  paid: "teal",
  failed: "red",
  expired: "gray",
  refunded: "grape",
};

/** A page of every member's transactions, by status (`status`, `page` in the URL). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = oneOf<StatusFilter>(params, "status", ["all", ...transactionStatuses], "all");
  const page = pageOf(params);
  const api = sessionApi(request, context);
  const [list, flagged] = await Promise.all([
    loaded(
      api.get<{ data: Transaction[]; total: number }>("/transactions/user/search", {
        status: status === "all" ? undefined : status,
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      }),
      msg("Could not load the transactions."),
    ),
    // The gateway events that contradicted the ledger: what the admin must look at first.
    loaded(
      api.get<{ data: GatewayEventRecord[]; total: number }>("/admin/payment-events/search", {
        outcome: "flagged",
        handled: "false",
        limit: 5,
      }),
      msg("Could not load the flagged events."),
    ),
  ]);
  return { list, flagged, status, page };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    refund: refundIntent,
  });
}

export default function AdminTransactionsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const f = useFormat();
  const { setFilter, setPage, loading } = useListParams();
  const revalidator = useRevalidator();
  const { refund, refunding, dialog } = useRefund();
  if (!isAdmin) return <AdminForbidden />;
  const { list, flagged, status, page } = loaderData;
  const flags = flagged.result?.data ?? [];
  const flaggedTotal = flagged.result?.total ?? flags.length;
  const rows = list.result?.data ?? [];

  return (
    <AdminPage title={t("Transactions")} description={t(DESCRIPTION)}>
      {dialog}
      {flags.length > 0 && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t("{{n}} flagged gateway events to look at", { count: flaggedTotal, n: flaggedTotal })}
          data-testid="flagged-events"
        >
          <Text size="sm" mb="xs">
            {t(
              "The gateway said something that contradicts a payment's state (a payment after an expiry or refund, another amount, an item paid twice): it was recorded, not applied. Open the payment to act on it, then mark it handled.",
            )}
          </Text>
          <List size="sm" spacing={4}>
            {flags.map((e) => (
              <List.Item key={e._id}>
                {f.dateTime(e.receivedAt)} · {e.type}: {e.note ?? t("no note")}
                {e.transactionId && (
                  <>
                    {" "}
                    <Anchor component={Link} to={`/admin/transactions/${e.transactionId}`} size="sm">
                      {t("Open payment")}
                    </Anchor>
                  </>
                )}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Select
        label={t("Status")}
        data={[
          { value: "all", label: t("Any status") },
          ...transactionStatuses.map((s) => ({ value: s, label: t(STATUS_LABELS[s]) })),
        ]}
        value={status}
        allowDeselect={false}
        onChange={(v) => setFilter("status", v ?? "all")}
        maw={220}
      />
      <ListPanel
        label={t("Transactions")}
        error={list.error}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={rows.length}
        empty={{ icon: IconReceipt, message: t("No payments here.") }}
      >
        <DataTable
          label={t("Transactions")}
          minWidth={820}
          busy={loading}
          columns={[
            { label: t("Date") },
            { label: t("Member") },
            { label: t("For") },
            { label: t("Amount"), right: true },
            { label: t("Status") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {rows.map((tx) => (
            <Table.Tr key={tx._id} data-testid={`transaction-row-${tx._id}`}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/transactions/${tx._id}`} size="sm">
                  {f.date(tx.paidAt ?? tx.createdAt)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {tx.buyer ? t("{{name}} (@{{username}})", { name: tx.buyer.name, username: tx.buyer.username }) : "—"}
                </Text>
              </Table.Td>
              <Table.Td>
                {tx.items.map((item) => {
                  const to = itemPath(item);
                  return to ? (
                    <Anchor key={item.itemId} component={Link} to={to} size="sm" display="block">
                      {item.title}
                    </Anchor>
                  ) : (
                    <Text key={item.itemId} size="sm">
                      {item.title}
                    </Text>
                  );
                })}
              </Table.Td>
              <Table.Td ta="right">
                {f.price(tx.amount)} {tx.currency}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[tx.status]} variant="light">
                  {t(STATUS_LABELS[tx.status])}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" component={Link} to={`/admin/transactions/${tx._id}`}>
                    {t("Details")}
                  </Button>
                  {tx.status === "paid" && <RefundButton target={tx} refund={refund} refunding={refunding} />}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListPanel>
      <Pager total={list.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
    </AdminPage>
  );
}
