import { Anchor, Badge, Card, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { Order, OrderLine } from "@marquee/contracts/orders";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminDetailPage } from "../components/admin/AdminPage.tsx";
import { DataTable } from "../components/admin/ManageList.tsx";
import { DeliveryAddress } from "../components/orders/DeliveryAddress.tsx";
import { DeliveryBadge, DeliveryStep } from "../components/orders/DeliveryStep.tsx";
import { RefundButton, useRefund } from "../components/payments/use-refund.tsx";
import { productPath } from "../components/store/product-card-data.ts";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { deliverIntent, handleIntents, loaded, refundIntent } from "../lib/actions.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { ORDER_STATUS, orderRefund, sellerNames } from "../lib/orders.ts";
import { itemPath, PAYMENT_STATUS_COLORS } from "../lib/payments.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.orders.$id";

export const handle = pages.adminOrder.handle;

const DESCRIPTION = msg("One order: its buyer, lines and sellers, where each parcel is, and its payment.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Order"), t(DESCRIPTION));
};

/** The order of the URL, as an admin sees it (its payment and each line's sellers). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const detail = await loaded(
    sessionApi(request, context).get<Order>(`/orders/details/${encodeURIComponent(params.id)}`),
    msg("Could not load the order."),
  );
  return { detail };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, { refund: refundIntent, deliver: deliverIntent });
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

/** Where a line's item lives on the site: a movie, a gallery or a product's store page. */
const linePath = (line: OrderLine) =>
  line.itemKind === "product" ? productPath({ _id: line.itemId }) : itemPath(line);

function Detail({ order }: { order: Order }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { refund, refunding, dialog } = useRefund();
  const toRefund = orderRefund(order);
  const status = ORDER_STATUS[order.status];
  const payment = order.transaction;

  return (
    <Stack gap="xl">
      {dialog}
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <div>
              <Text fw={700} fz="xl" data-testid="order-total">
                {f.price(order.total)} {order.currency}
              </Text>
              <Text size="sm" c="dimmed">
                {order.originalTotal !== order.total
                  ? t("{{price}} before its coupon", { price: f.price(order.originalTotal) })
                  : t("{{n}} lines", { count: order.lines.length, n: f.number(order.lines.length) })}
              </Text>
            </div>
            <Group gap="sm">
              <Badge color={status.color} variant="light" size="lg" data-testid="order-status">
                {t(status.label)}
              </Badge>
              {toRefund && <RefundButton target={toRefund} refund={refund} refunding={refunding} />}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Fact label={t("Buyer")}>
              {order.buyer ? (
                <Anchor component={Link} to={`/admin/orders?buyer=${order.buyer._id}`} size="sm">
                  {order.buyer.name} (@{order.buyer.username})
                </Anchor>
              ) : (
                t("A former member")
              )}
            </Fact>
            <Fact label={t("Created")}>{f.dateTime(order.createdAt)}</Fact>
            <Fact label={t("Paid")}>{order.paidAt ? f.dateTime(order.paidAt) : "—"}</Fact>
            <Fact label={t("Payment")}>
              {payment ? (
                <Group gap={6} wrap="wrap">
                  <Anchor component={Link} to={`/admin/transactions/${payment._id}`} size="sm">
                    {payment.gateway} · {f.price(payment.amount)}
                  </Anchor>
                  <Badge size="sm" variant="light" color={PAYMENT_STATUS_COLORS[payment.status] ?? "gray"}>
                    {payment.status}
                  </Badge>
                </Group>
              ) : (
                t("None started")
              )}
            </Fact>
            {order.delivery && (
              <Fact label={t("Ships to")}>
                <DeliveryAddress delivery={order.delivery} />
              </Fact>
            )}
            <Fact label={t("Order id")}>
              <Code>{order._id}</Code>
            </Fact>
          </SimpleGrid>
        </Stack>
      </Paper>

      <Stack gap="xs" component="section" aria-labelledby="lines-title">
        <Title order={2} fz="lg" id="lines-title">
          {t("Lines")}
        </Title>
        <Card padding={0}>
          <DataTable
            label={t("Order lines")}
            minWidth={760}
            columns={[
              { label: t("Item") },
              { label: t("Sold by") },
              { label: t("Price"), right: true },
              { label: t("Paid"), right: true },
              { label: t("Delivery") },
            ]}
          >
            {order.lines.map((line) => {
              const to = linePath(line);
              return (
                <Table.Tr key={line._id} data-testid="order-line">
                  <Table.Td>
                    <Stack gap={0}>
                      {to ? (
                        <Anchor component={Link} to={to} size="sm" style={{ overflowWrap: "anywhere" }}>
                          {line.title}
                        </Anchor>
                      ) : (
                        <Text size="sm">{line.title}</Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {line.productType ?? line.itemKind}
                        {line.quantity > 1 ? ` × ${line.quantity}` : ""}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{sellerNames(line)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{f.price(line.unitPrice)}</Table.Td>
                  <Table.Td ta="right">{f.price(line.total)}</Table.Td>
                  <Table.Td>
                    <Stack gap={6} align="flex-start">
                      <DeliveryBadge line={line} />
                      {line.shippingCode && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                          {t("Shipping code:")} <span data-testid="shipping-code">{line.shippingCode}</span>
                        </Text>
                      )}
                      <DeliveryStep line={line} orderStatus={order.status} />
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        </Card>
      </Stack>
    </Stack>
  );
}

export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminDetailPage
      title={t("Order")}
      description={t(DESCRIPTION)}
      back={{ to: "/admin/orders", label: t("All orders") }}
      detail={loaderData.detail}
    >
      {(order) => <Detail order={order} />}
    </AdminDetailPage>
  );
}
