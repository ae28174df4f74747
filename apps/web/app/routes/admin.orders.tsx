import { Anchor, Badge, Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import type { Order } from "@marquee/contracts/orders";
import { IconShoppingCart } from "@tabler/icons-react";
import { Link, useRevalidator } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { DataTable, ListPanel, Pager, SearchFilters } from "../components/admin/ManageList.tsx";
import { DeliveryBadge } from "../components/orders/DeliveryStep.tsx";
import { RefundButton, useRefund } from "../components/payments/use-refund.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, refundIntent } from "../lib/actions.server.ts";
import { apiFilter, idOf, oneOf, pageOf, textOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import {
  DELIVERY_FILTERS,
  DELIVERY_STATUS,
  type DeliveryFilter,
  ORDER_FILTERS,
  ORDER_STATUS,
  type OrderFilter,
  orderRefund,
  sellerNames,
} from "../lib/orders.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.orders";

export const handle = pages.adminOrders.handle;

const DESCRIPTION = msg(
  "Every order: who bought what from whom, where each parcel is, and refunds through the payment.",
);
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Orders"), t(DESCRIPTION));
};

const PAGE_SIZE = 20;

/** A page of every order, newest first: by `q`, `status`, a line's `delivery`, one `buyer` (an id), `page`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = oneOf<OrderFilter>(params, "status", ORDER_FILTERS, "all");
  const delivery = oneOf<DeliveryFilter>(params, "delivery", DELIVERY_FILTERS, "all");
  const buyer = idOf(params, "buyer");
  const page = pageOf(params);
  const list = await loaded(
    sessionApi(request, context).get<{ data: Order[]; total: number }>("/admin/orders", {
      q: textOf(params) || undefined,
      status: apiFilter(status),
      deliveryStatus: apiFilter(delivery),
      userId: buyer ?? undefined,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    msg("Could not load the orders."),
  );
  return { list, status, delivery, buyer, page };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, { refund: refundIntent });
}

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const isAdmin = useIsAdmin();
  const { search, setSearch, setFilter, setPage, update, loading } = useListParams();
  const revalidator = useRevalidator();
  const { refund, refunding, dialog } = useRefund();
  if (!isAdmin) return <AdminForbidden />;
  const { list, status, delivery, buyer, page } = loaderData;
  const rows = list.result?.data ?? [];
  const buyerRef = buyer ? rows.find((o) => o.buyer?._id === buyer)?.buyer : null;

  return (
    <AdminPage title={t("Orders")} description={t(DESCRIPTION)}>
      {dialog}
      <SearchFilters
        label={t("Search orders")}
        placeholder={t("Buyer, product or order id")}
        value={search}
        onChange={setSearch}
      >
        <Select
          label={t("Status")}
          data={ORDER_FILTERS.map((s) => ({
            value: s,
            label: s === "all" ? t("Any status") : t(ORDER_STATUS[s].label),
          }))}
          value={status}
          allowDeselect={false}
          onChange={(v) => setFilter("status", v ?? "all")}
          w={200}
        />
        <Select
          label={t("Delivery")}
          data={DELIVERY_FILTERS.map((d) => ({
            value: d,
            label: d === "all" ? t("Any delivery") : t(DELIVERY_STATUS[d].label),
          }))}
          value={delivery}
          allowDeselect={false}
          onChange={(v) => setFilter("delivery", v ?? "all")}
          w={200}
        />
      </SearchFilters>
      {buyer && (
        <Group gap="xs">
          <Text size="sm">
            {buyerRef
              ? t("Orders of {{name}} (@{{username}}) only.", { name: buyerRef.name, username: buyerRef.username })
              : t("Orders of one member only.")}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => update({ buyer: null, page: null })}>
            {t("Show everyone's")}
          </Button>
        </Group>
      )}
      <ListPanel
        label={t("Orders")}
        error={list.error}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={rows.length}
        empty={{ icon: IconShoppingCart, message: t("No orders here.") }}
      >
        <DataTable
          label={t("Orders")}
          minWidth={960}
          busy={loading}
          columns={[
            { label: t("Date") },
            { label: t("Buyer") },
            { label: t("Lines") },
            { label: t("Total"), right: true },
            { label: t("Status") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {rows.map((o) => {
            const toRefund = orderRefund(o);
            return (
              <Table.Tr key={o._id} data-testid={`order-row-${o._id}`}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Anchor component={Link} to={`/admin/orders/${o._id}`} size="sm">
                    {f.date(o.paidAt ?? o.createdAt)}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    #{o._id.slice(-8)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {o.buyer
                      ? t("{{name}} (@{{username}})", { name: o.buyer.name, username: o.buyer.username })
                      : t("A former member")}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={6}>
                    {o.lines.map((line) => (
                      <div key={line._id} data-testid="order-line">
                        <Group gap={6} wrap="wrap">
                          <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                            {line.title}
                            {line.quantity > 1 ? ` × ${line.quantity}` : ""}
                          </Text>
                          <DeliveryBadge line={line} variant="outline" />
                        </Group>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                          {line.itemKind === "product"
                            ? t("Sold by {{names}}", { names: sellerNames(line) })
                            : line.itemKind}
                          {line.shippingCode ? t(" · Shipping code {{code}}", { code: line.shippingCode }) : ""}
                        </Text>
                      </div>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                  {f.price(o.total)} {o.currency}
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={ORDER_STATUS[o.status].color}
                    variant="light"
                    miw="max-content"
                    data-testid="order-status"
                  >
                    {t(ORDER_STATUS[o.status].label)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="default" component={Link} to={`/admin/orders/${o._id}`}>
                      {t("Details")}
                    </Button>
                    {toRefund && <RefundButton target={toRefund} refund={refund} refunding={refunding} />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      </ListPanel>
      <Pager total={list.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
    </AdminPage>
  );
}
