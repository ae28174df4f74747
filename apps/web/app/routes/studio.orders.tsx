import { Card, Group, Select, Stack, Text } from "@mantine/core";
import type { SellerLine } from "@marquee/contracts/orders";
import { IconPackage } from "@tabler/icons-react";
import { useRevalidator } from "react-router";
import { ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { DeliveryAddress } from "../components/orders/DeliveryAddress.tsx";
import { DeliveryBadge, DeliveryStep } from "../components/orders/DeliveryStep.tsx";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { deliverIntent, handleIntents, loaded } from "../lib/actions.server.ts";
import { apiFilter, oneOf, pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { DELIVERY_FILTERS, DELIVERY_STATUS, type DeliveryFilter } from "../lib/orders.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio.orders";

export const handle = pages.studioOrders.handle;

const DESCRIPTION = msg("What members bought from your store: ship the parcels and keep the buyers posted.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Orders"), t(DESCRIPTION));
};

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
    msg("Could not load your orders."),
  );
  return { list, delivery, page };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    /** The API checks the step and the shipping code. */
    deliver: deliverIntent,
  });
}

function LineCard({ line }: { line: SellerLine }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Card component="article" withBorder data-testid="seller-line" aria-label={line.title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {line.title}
            {line.quantity > 1 ? ` × ${line.quantity}` : ""}
          </Text>
          <Group gap="xs">
            <Text size="sm">{f.price(line.total)}</Text>
            <DeliveryBadge line={line} />
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t("{{buyer}} · paid {{date}}", {
            buyer: line.buyer ? `${line.buyer.name} (@${line.buyer.username})` : t("A former member"),
            date: f.date(line.paidAt ?? line.createdAt),
          })}
        </Text>
        {line.delivery && <DeliveryAddress delivery={line.delivery} />}
        {line.shippingCode && (
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {t("Shipping code:")} {line.shippingCode}
          </Text>
        )}
        <DeliveryStep line={line} orderStatus={line.orderStatus} />
      </Stack>
    </Card>
  );
}

export default function StudioOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const role = useStudioRole();
  const revalidator = useRevalidator();
  const { setFilter, setPage } = useListParams();
  if (!role) return <StudioForbidden />;
  const { list, delivery, page } = loaderData;
  const lines = list.result?.data ?? [];
  return (
    <StudioPage title={t("Orders")} description={t(DESCRIPTION)}>
      <Select
        label={t("Delivery")}
        data={DELIVERY_FILTERS.map((d) => ({
          value: d,
          label: d === "all" ? t("Every line") : t(DELIVERY_STATUS[d].label),
        }))}
        value={delivery}
        onChange={(v) => setFilter("delivery", v ?? "all")}
        allowDeselect={false}
        maw={260}
      />
      <ListPanel
        label={t("Order lines")}
        error={list.error}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={lines.length}
        empty={{ icon: IconPackage, message: t("Nothing here yet. Paid orders of your products show here.") }}
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
