import { Alert, Anchor, Button, Card, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { LiveNotification } from "@marquee/contracts/notifications";
import type { Order } from "@marquee/contracts/orders";
import type { Transaction } from "@marquee/contracts/payments";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { formatPrice } from "../components/catalogue/format.ts";
import { DeliveryAddress } from "../components/orders/DeliveryAddress.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { required } from "../lib/catalogue.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { shippingSentence } from "../lib/orders.ts";
import { itemPath, retryLink } from "../lib/payments.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useSocket } from "../realtime/SocketProvider.tsx";
import { removeFromCart } from "../state/cart.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/payment.success";

export const handle = pages.paymentSuccess.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(
    matches,
    t("Payment"),
    t("Where your payment stands: confirmed, or still on its way from the gateway."),
  );
};

/** How often the page asks again while the gateway's word is awaited, and for how long. */
const POLL_MS = 3_000;
const POLL_FOR_MS = 120_000;

/** The member's own payment that the gateway sent them back from (`?transaction=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("transaction") ?? "";
  const api = sessionApi(request, context);
  const t = await required(
    api.get<Transaction>(`/payment/transactions/${encodeURIComponent(id)}`),
    "This payment does not exist or is not yours.",
  );
  // A store order says where it ships (its own copy of the address): only products can be shipped.
  const delivery = t.items.some((i) => i.itemKind === "product")
    ? await api
        .get<Order>(`/orders/details/${encodeURIComponent(t.orderId)}`)
        .then((o) => o.delivery)
        .catch(() => null)
    : null;
  return { ...t, delivery };
}

/** Where the member goes once paid: what they bought, or their account for a membership or subscription. */
function nextStep(t: Transaction): { to: string; label: string } {
  const item = t.items[0];
  // A tip (issue 24) shows with the member's orders.
  if (item?.itemKind === "product" || item?.itemKind === "tip") {
    return { to: "/account/orders", label: msg("See your order") };
  }
  const to = item ? itemPath(item) : null;
  if (to) return { to, label: item?.itemKind === "video" ? msg("Watch now") : msg("See it now") };
  return { to: "/account#membership", label: msg("See your membership") };
}

/**
 * Back from the gateway: the gateway's confirmation may arrive after the member does. While it is pending the page
 * follows it live (the payment's `notification` on the socket) and asks again every few seconds as a fallback.
 */
export default function PaymentSuccessPage({ loaderData: tx }: Route.ComponentProps) {
  const { t } = useTranslation();
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  const { socket } = useSocket();
  const revalidator = useRevalidator();
  const pending = tx.status === "pending";
  const dispatch = useAppDispatch();

  // What was just paid for leaves the cart (a cancelled or failed payment leaves the cart as it was).
  useEffect(() => {
    const bought = tx.items.filter((i) => i.itemKind === "product").map((i) => i.itemId);
    if (tx.status === "paid" && bought.length) dispatch(removeFromCart(bought));
  }, [dispatch, tx.status, tx.items]);

  useEffect(() => {
    if (!pending || !socket) return;
    const onNotification = (payload: LiveNotification) => {
      if (payload?.type === "payment" && (payload.transactionId === tx._id || payload.orderId === tx.orderId)) {
        void revalidator.revalidate();
      }
    };
    socket.on("notification", onNotification);
    return () => {
      socket.off("notification", onNotification);
    };
  }, [pending, socket, tx._id, tx.orderId, revalidator]);

  useEffect(() => {
    if (!pending) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > POLL_FOR_MS) clearInterval(timer);
      else if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, revalidator]);

  const what = tx.items.map((i) => i.title).join(", ");
  const next = nextStep(tx);
  return (
    <Container size="xs">
      <Card component="section" aria-labelledby="payment-title" data-testid="payment-result" data-status={tx.status}>
        <Stack gap="md">
          {tx.status === "paid" ? (
            <>
              <Group gap="sm">
                <IconCircleCheck size={28} color="var(--mantine-color-teal-6)" aria-hidden />
                <Title order={1} fz="h2" id="payment-title">
                  {t("Payment received")}
                </Title>
              </Group>
              <Text>
                {t("{{what}}: {{amount}} {{currency}}. It is yours now.", {
                  what,
                  amount: formatPrice(tx.amount, symbol),
                  currency: tx.currency,
                })}
              </Text>
              {tx.delivery && (
                <Stack gap={4} data-testid="shipping-to">
                  <Text fw={600}>{shippingSentence(tx.delivery, t)}</Text>
                  <DeliveryAddress delivery={tx.delivery} c="dimmed" />
                </Stack>
              )}
              <Button component={Link} to={next.to} size="md" radius="xl">
                {t(next.label)}
              </Button>
              <Anchor component={Link} to={`/account/orders/${tx.orderId}/receipt`} ta="center">
                {t("View the receipt")}
              </Anchor>
            </>
          ) : pending ? (
            <>
              <Title order={1} fz="h2" id="payment-title">
                {t("Confirming your payment")}
              </Title>
              <Group gap="sm" role="status">
                <Loader size="sm" />
                <Text>
                  {t("Waiting for the payment service to confirm {{what}}. This page updates by itself.", { what })}
                </Text>
              </Group>
            </>
          ) : (
            <>
              <Title order={1} fz="h2" id="payment-title">
                {t("The payment did not go through")}
              </Title>
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="status">
                {tx.status === "refunded"
                  ? t("This payment was refunded.")
                  : t("Nothing was charged. You can try again whenever you like.")}
              </Alert>
              <Button component={Link} to={retryLink(tx.items[0], t).to} variant="default">
                {retryLink(tx.items[0], t).label}
              </Button>
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
