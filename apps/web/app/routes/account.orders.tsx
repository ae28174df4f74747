import { Anchor, Badge, Button, Card, Container, Group, Select, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { LiveNotification } from "@marquee/contracts/notifications";
import type { Order, OrderStatus } from "@marquee/contracts/orders";
import { IconDownload, IconPackage } from "@tabler/icons-react";
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { DeliveryAddress } from "../components/orders/DeliveryAddress.tsx";
import { useDownload } from "../components/store/use-download.ts";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loaded } from "../lib/actions.server.ts";
import { apiFilter, oneOf, pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { DELIVERY_STATUS, deliveryNews, ORDER_FILTERS, ORDER_STATUS, orderLineLink } from "../lib/orders.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import { useSocket } from "../realtime/SocketProvider.tsx";
import type { Route } from "./+types/account.orders";

export const handle = pages.accountOrders.handle;

const DESCRIPTION = msg("What you ordered, where each parcel is, and your downloads.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("My orders"), t(DESCRIPTION));
};

const PAGE_SIZE = 10;

/** A page of the member's own orders, newest first (`status`, `page`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = oneOf(params, "status", ORDER_FILTERS, "all");
  const page = pageOf(params);
  const list = await loaded(
    sessionApi(request, context).get<{ data: Order[]; total: number }>("/orders/users/search", {
      status: apiFilter(status),
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    msg("Could not load your orders."),
  );
  return { list, status, page };
}

function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { download, fetching } = useDownload();
  const status = ORDER_STATUS[order.status];

  return (
    <Card
      component="article"
      data-testid="order-card"
      aria-label={t("Order of {{date}}", { date: f.date(order.createdAt) })}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{t("Order of {{date}}", { date: f.date(order.createdAt) })}</Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
              #{order._id.slice(-8)}
            </Text>
          </Stack>
          <Group gap="xs">
            <Text fw={600}>{f.price(order.total)}</Text>
            <Badge variant="light" color={status.color}>
              {t(status.label)}
            </Badge>
            {(order.status === "paid" || order.status === "refunded") && (
              <Anchor component={Link} to={`/account/orders/${order._id}/receipt`} size="sm">
                {t("Receipt")}
              </Anchor>
            )}
          </Group>
        </Group>
        {order.lines.map((line) => (
          <Group key={line._id} justify="space-between" wrap="wrap" gap="xs" data-testid="order-line">
            <Stack gap={2} style={{ minWidth: 0, flex: "1 1 12rem" }}>
              <Text fw={500} style={{ overflowWrap: "anywhere" }}>
                {orderLineLink(line) ? (
                  <Anchor component={Link} to={orderLineLink(line) as string} inherit data-testid="order-line-link">
                    {line.title}
                  </Anchor>
                ) : (
                  line.title
                )}
                {line.quantity > 1 ? ` × ${line.quantity}` : ""}
              </Text>
              {line.shippingCode && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {t("Shipping code:")} <span data-testid="shipping-code">{line.shippingCode}</span>
                </Text>
              )}
            </Stack>
            <Group gap="xs">
              <Text size="sm">{f.price(line.total)}</Text>
              {line.deliveryStatus && (
                <Badge variant="outline" color={DELIVERY_STATUS[line.deliveryStatus].color}>
                  {t(DELIVERY_STATUS[line.deliveryStatus].label)}
                </Badge>
              )}
              {line.productType === "digital" && order.status === "paid" && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  loading={fetching === line.itemId}
                  onClick={() => void download(line.itemId, line.title)}
                >
                  {t("Download")}
                </Button>
              )}
            </Group>
          </Group>
        ))}
        {order.delivery && (
          <div>
            <Text size="sm" fw={600}>
              {t("Ships to")}
            </Text>
            <DeliveryAddress delivery={order.delivery} c="dimmed" />
          </div>
        )}
      </Stack>
    </Card>
  );
}

export default function AccountOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { socket } = useSocket();
  // A seller moving a parcel on shows here at once: a toast, and the list read again.
  useEffect(() => {
    if (!socket) return;
    const onNotification = (payload: LiveNotification) => {
      const news = deliveryNews(payload, t);
      if (!news) return;
      notifications.show({ color: "indigo", title: t("Delivery update"), message: news });
      void revalidator.revalidate();
    };
    socket.on("notification", onNotification);
    return () => {
      socket.off("notification", onNotification);
    };
  }, [socket, revalidator, t]);
  const { setFilter, setPage } = useListParams();
  const { list, status, page } = loaderData;
  const orders = list.result?.data ?? [];
  return (
    <Container size="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("My orders")}</Title>
          <Text c="dimmed">{t(DESCRIPTION)}</Text>
          <Anchor component={Link} to="/account" size="sm">
            {t("Back to my account")}
          </Anchor>
        </div>
        <Select
          label={t("Show")}
          data={ORDER_FILTERS.map((s) => ({
            value: s,
            label: s === "all" ? t("All orders") : t(ORDER_STATUS[s].label),
          }))}
          value={status}
          onChange={(v) => setFilter("status", (v as OrderStatus | "all" | null) ?? "all")}
          allowDeselect={false}
          maw={260}
        />
        <ListPanel
          label={t("Orders")}
          error={list.error}
          onRetry={() => void revalidator.revalidate()}
          ready
          count={orders.length}
          empty={{ icon: IconPackage, message: t("No orders here yet. What you buy in the store shows here.") }}
        >
          <Stack gap="md" p="md">
            {orders.map((o) => (
              <OrderCard key={o._id} order={o} />
            ))}
          </Stack>
        </ListPanel>
        <Pager total={list.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
      </Stack>
    </Container>
  );
}
