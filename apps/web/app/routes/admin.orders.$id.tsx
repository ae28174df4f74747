import { Anchor, Badge, Card, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { Order, OrderLine } from "@marquee/contracts/orders";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminDetailPage } from "../components/admin/AdminPage.tsx";
import { DataTable } from "../components/admin/ManageList.tsx";
import { formatPrice } from "../components/catalogue/format.ts";
import { DeliveryAddress } from "../components/orders/DeliveryAddress.tsx";
import { DeliveryBadge, DeliveryStep } from "../components/orders/DeliveryStep.tsx";
import { RefundButton, useRefund } from "../components/payments/use-refund.tsx";
import { productPath } from "../components/store/product-card-data.ts";
import { deliverIntent, handleIntents, loaded, refundIntent } from "../lib/actions.server.ts";
import { formatDateTime } from "../lib/format.ts";
import { pageMeta } from "../lib/meta.ts";
import { ORDER_STATUS, orderRefund, sellerNames } from "../lib/orders.ts";
import { itemPath, PAYMENT_STATUS_COLORS } from "../lib/payments.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/admin.orders.$id";

export const handle = pages.adminOrder.handle;

const DESCRIPTION = "One order: its buyer, lines and sellers, where each parcel is, and its payment.";
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Order", DESCRIPTION);

/** The order of the URL, as an admin sees it (its payment and each line's sellers). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const detail = await loaded(
    sessionApi(request, context).get<Order>(`/orders/details/${encodeURIComponent(params.id)}`),
    "Could not load the order.",
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
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
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
                {formatPrice(order.total, symbol)} {order.currency}
              </Text>
              <Text size="sm" c="dimmed">
                {order.originalTotal !== order.total
                  ? `${formatPrice(order.originalTotal, symbol)} before its coupon`
                  : `${order.lines.length} line${order.lines.length === 1 ? "" : "s"}`}
              </Text>
            </div>
            <Group gap="sm">
              <Badge color={status.color} variant="light" size="lg" data-testid="order-status">
                {status.label}
              </Badge>
              {toRefund && <RefundButton target={toRefund} refund={refund} refunding={refunding} />}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Fact label="Buyer">
              {order.buyer ? (
                <Anchor component={Link} to={`/admin/orders?buyer=${order.buyer._id}`} size="sm">
                  {order.buyer.name} (@{order.buyer.username})
                </Anchor>
              ) : (
                "A former member"
              )}
            </Fact>
            <Fact label="Created">{formatDateTime(order.createdAt)}</Fact>
            <Fact label="Paid">{order.paidAt ? formatDateTime(order.paidAt) : "—"}</Fact>
            <Fact label="Payment">
              {payment ? (
                <Group gap={6} wrap="wrap">
                  <Anchor component={Link} to={`/admin/transactions/${payment._id}`} size="sm">
                    {payment.gateway} · {formatPrice(payment.amount, symbol)}
                  </Anchor>
                  <Badge size="sm" variant="light" color={PAYMENT_STATUS_COLORS[payment.status] ?? "gray"}>
                    {payment.status}
                  </Badge>
                </Group>
              ) : (
                "None started"
              )}
            </Fact>
            {order.delivery && (
              <Fact label="Ships to">
                <DeliveryAddress delivery={order.delivery} />
              </Fact>
            )}
            <Fact label="Order id">
              <Code>{order._id}</Code>
            </Fact>
          </SimpleGrid>
        </Stack>
      </Paper>

      <Stack gap="xs" component="section" aria-labelledby="lines-title">
        <Title order={2} fz="lg" id="lines-title">
          Lines
        </Title>
        <Card padding={0}>
          <DataTable
            label="Order lines"
            minWidth={760}
            columns={[
              { label: "Item" },
              { label: "Sold by" },
              { label: "Price", right: true },
              { label: "Paid", right: true },
              { label: "Delivery" },
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
                  <Table.Td ta="right">{formatPrice(line.unitPrice, symbol)}</Table.Td>
                  <Table.Td ta="right">{formatPrice(line.total, symbol)}</Table.Td>
                  <Table.Td>
                    <Stack gap={6} align="flex-start">
                      <DeliveryBadge line={line} />
                      {line.shippingCode && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                          Shipping code: <span data-testid="shipping-code">{line.shippingCode}</span>
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
  return (
    <AdminDetailPage
      title="Order"
      description={DESCRIPTION}
      back={{ to: "/admin/orders", label: "All orders" }}
      detail={loaderData.detail}
    >
      {(order) => <Detail order={order} />}
    </AdminDetailPage>
  );
}
