import { Alert, Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { SandboxPayment } from "@marquee/contracts/payments";
import { IconAlertCircle, IconCheck, IconFlask, IconX } from "@tabler/icons-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { formatPrice } from "../components/catalogue/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { errorMessage, isApiError, translateError } from "../lib/api.ts";
import { required } from "../lib/catalogue.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { itemPath } from "../lib/payments.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/payment.sandbox";

export const handle = pages.paymentSandbox.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Sandbox payment"), t("The demo payment gateway: approve or decline the payment."));
};

const path = (id: string) => `/payment/sandbox/${encodeURIComponent(id)}`;

/** The buyer's own payment (404 for anyone else's). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return required(
    sessionApi(request, context).get<SandboxPayment>(path(params.id)),
    "This payment does not exist or is not yours.",
  );
}

/** The buyer's decision; once paid, on to the success page, where a real gateway sends the buyer back to too. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const decision = (await request.formData()).get("decision");
  if (decision !== "approve" && decision !== "decline") return data({ error: msg("Choose approve or decline.") }, 400);
  try {
    const after = await sessionApi(request, context).post<SandboxPayment>(path(params.id), { decision });
    return after.status === "paid"
      ? redirect(`/payment/success?transaction=${encodeURIComponent(after.transactionId)}`)
      : { error: null };
  } catch (e) {
    return data({ error: errorMessage(e) }, isApiError(e) ? e.statusCode : 502);
  }
}

const STATUS_TEXT: Record<SandboxPayment["status"], string> = {
  pending: msg("Waiting for your decision."),
  paid: msg("Paid. It is yours."),
  failed: msg("Declined: nothing was charged."),
  expired: msg("This payment expired: nothing was charged."),
  refunded: msg("Refunded."),
};

export default function SandboxPaymentPage({ loaderData: payment, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  const deciding = useNavigation().state === "submitting";
  const back = payment.items.map(itemPath).find(Boolean);
  return (
    <Container size="xs">
      <Card component="section" aria-labelledby="sandbox-title" data-testid="sandbox-payment">
        <Stack gap="md">
          <Group gap="sm">
            <IconFlask size={24} aria-hidden />
            <Title order={1} fz="h2" id="sandbox-title">
              {t("Sandbox payment")}
            </Title>
          </Group>
          <Text c="dimmed" size="sm">
            {t(
              "This site takes payments through its demo gateway: no card, no money moves. Approve to complete the purchase, or decline to see what a failed payment does.",
            )}
          </Text>
          <Stack gap={4} component="dl" m={0}>
            {payment.items.map((item) => (
              <Group key={item.itemId} justify="space-between" wrap="nowrap">
                <Text component="dt" fw={600}>
                  {item.title}
                </Text>
              </Group>
            ))}
            <Group justify="space-between">
              <Text component="dt">{t("Total")}</Text>
              <Text component="dd" m={0} fw={700} fz="xl" data-testid="sandbox-amount">
                {formatPrice(payment.amount, symbol)} {payment.currency}
              </Text>
            </Group>
          </Stack>
          <Text role="status" data-testid="sandbox-status" data-status={payment.status}>
            {t(STATUS_TEXT[payment.status])}
          </Text>
          {actionData?.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />}>
              {translateError(actionData.error, t)}
            </Alert>
          )}
          {payment.status === "pending" ? (
            <Form method="post">
              <Group grow>
                <Button
                  type="submit"
                  name="decision"
                  value="approve"
                  leftSection={<IconCheck size={18} />}
                  loading={deciding}
                >
                  {t("Approve payment")}
                </Button>
                <Button
                  type="submit"
                  name="decision"
                  value="decline"
                  variant="default"
                  leftSection={<IconX size={18} />}
                  disabled={deciding}
                >
                  {t("Decline")}
                </Button>
              </Group>
            </Form>
          ) : (
            back && (
              <Button component={Link} to={back} variant="default">
                {t("Back to {{title}}", { title: payment.items[0]?.title ?? t("the item") })}
              </Button>
            )
          )}
        </Stack>
      </Card>
    </Container>
  );
}
