import { Badge, Button, Card, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type SellerLine, SHIPPING_CODE_MAX } from "@marquee/contracts/orders";
import { IconPackage } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { EmptyState, ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { formatPrice } from "../components/catalogue/format.ts";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { handleIntents, loaded, textOf } from "../lib/actions.server.ts";
import { errorMessage, isApiError } from "../lib/api.ts";
import { formatDate } from "../lib/format.ts";
import { apiFilter, oneOf, pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { DELIVERY_FILTERS, DELIVERY_STATUS, type DeliveryFilter, nextDeliveryStep } from "../lib/orders.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/studio.orders";

export const handle = pages.studioOrders.handle;

const DESCRIPTION = "What members bought from your store: ship the parcels and keep the buyers posted.";
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Orders", DESCRIPTION);

const PAGE_SIZE = 20;

/** A page of the seller's own lines of paid orders, newest first (`delivery` status, `page`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const delivery = oneOf<DeliveryFilter>(params, "delivery", DELIVERY_FILTERS, "all");
  const page = pageOf(params);
  const list = await loaded(
    sessionApi(request, context).get<{ data: SellerLine[]; total: number }>("/orders/details/search", {
      deliveryStatus: apiFilter(delivery),
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    "Could not load your orders.",
  );
  return { list, delivery, page };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    /** Moves one order line's delivery on (the API checks the step and the shipping code). */
    deliver: (api, payload) => api.put(`/orders/${encodeURIComponent(textOf(payload, "lineId"))}/update`, payload.body),
  });
}

function LineCard({ line }: { line: SellerLine }) {
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  const { run, busy } = useIntent();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const step = nextDeliveryStep(line, line.orderStatus);
  const status = line.deliveryStatus ? DELIVERY_STATUS[line.deliveryStatus] : null;

  const move = async () => {
    if (!step) return;
    if (step.needsShippingCode && !code.trim()) {
      setCodeError("Enter the shipping code");
      return;
    }
    setCodeError(null);
    try {
      await run("deliver", {
        lineId: line._id,
        body: { deliveryStatus: step.status, ...(step.needsShippingCode ? { shippingCode: code.trim() } : {}) },
      });
      notifications.show({
        color: "teal",
        message: `“${line.title}” is now ${DELIVERY_STATUS[step.status].label.toLowerCase()}; the buyer is told.`,
      });
    } catch (error) {
      const field = isApiError(error) ? error.details?.find((d) => d.path === "body.shippingCode") : undefined;
      if (field) setCodeError(field.message);
      notifications.show({ color: "red", title: "Could not update the delivery", message: errorMessage(error) });
    }
  };

  return (
    <Card component="article" withBorder data-testid="seller-line" aria-label={line.title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {line.title}
            {line.quantity > 1 ? ` × ${line.quantity}` : ""}
          </Text>
          <Group gap="xs">
            <Text size="sm">{formatPrice(line.total, symbol)}</Text>
            {status ? (
              <Badge variant="light" color={status.color} data-testid="delivery-status">
                {status.label}
              </Badge>
            ) : (
              <Badge variant="light" color="gray">
                Download
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {line.buyer ? `${line.buyer.name} (@${line.buyer.username})` : "A former member"} · paid{" "}
          {formatDate(line.paidAt ?? line.createdAt)}
        </Text>
        {line.delivery && (
          <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="delivery-address">
            {line.delivery.address}, {line.delivery.postalCode} · {line.delivery.phoneNumber}
          </Text>
        )}
        {line.shippingCode && (
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            Shipping code: {line.shippingCode}
          </Text>
        )}
        {step && (
          <Group align="flex-end" gap="xs" wrap="wrap">
            {step.needsShippingCode && (
              <TextInput
                label="Shipping code"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={codeError}
                maxLength={SHIPPING_CODE_MAX}
                style={{ flex: "1 1 12rem" }}
              />
            )}
            <Button onClick={() => void move()} loading={busy} variant="light">
              {step.label}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export default function StudioOrdersPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  const revalidator = useRevalidator();
  const { setFilter, setPage } = useListParams();
  if (!role) return <StudioForbidden />;
  const { list, delivery, page } = loaderData;
  const lines = list.result?.data ?? [];
  return (
    <StudioPage title="Orders" description={DESCRIPTION}>
      <Select
        label="Delivery"
        data={DELIVERY_FILTERS.map((d) => ({ value: d, label: d === "all" ? "Every line" : DELIVERY_STATUS[d].label }))}
        value={delivery}
        onChange={(v) => setFilter("delivery", v ?? "all")}
        allowDeselect={false}
        maw={260}
      />
      <ListPanel
        label="Order lines"
        error={list.error}
        onRetry={() => void revalidator.revalidate()}
        ready
        empty={
          lines.length === 0 && !list.error ? (
            <EmptyState icon={IconPackage} message="Nothing here yet. Paid orders of your products show here." />
          ) : null
        }
      >
        <Stack gap="md" p="md">
          {lines.map((l) => (
            <LineCard key={l._id} line={l} />
          ))}
        </Stack>
      </ListPanel>
      <Pager total={list.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
    </StudioPage>
  );
}
