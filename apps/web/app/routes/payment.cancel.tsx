import { Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { Transaction } from "@marquee/contracts/payments";
import { IconArrowBackUp } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import { optional } from "../lib/catalogue.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { retryLink } from "../lib/payments.ts";
import { metaT } from "../lib/seo.ts";
import { requestToken, sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/payment.cancel";

export const handle = pages.paymentCancel.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Payment cancelled"), t("You left the payment page: nothing was charged."));
};

/**
 * The payment the member walked away from, when the gateway named it (to lead them back to the item). The page
 * declares no-redirect: without a session (it ended while they were at the gateway) it is rendered all the same.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("transaction");
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || !requestToken(request)) return null;
  return optional(
    "GET /payment/transactions/:id",
    sessionApi(request, context).get<Transaction>(`/payment/transactions/${id}`),
  );
}

export default function PaymentCancelPage({ loaderData: tx }: Route.ComponentProps) {
  const { t } = useTranslation();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const item = tx?.items[0];
  const back = retryLink(item, t);
  return (
    <Container size="xs">
      <Card component="section" aria-labelledby="cancel-title" data-testid="payment-cancelled">
        <Stack gap="md">
          <Title order={1} fz="h2" id="cancel-title">
            {t("Payment cancelled")}
          </Title>
          <Text>
            {item
              ? t(
                  "You left the payment page for {{title}}. Nothing was charged; the order is dropped after a day if you do not come back to it.",
                  { title: item.title },
                )
              : t(
                  "You left the payment page. Nothing was charged; the order is dropped after a day if you do not come back to it.",
                )}
          </Text>
          {!loggedIn && (
            <Text data-testid="payment-cancelled-visitor">
              {t("You are not logged in any more: log in to see your orders and try again.")}
            </Text>
          )}
          <Group>
            {loggedIn ? (
              <Button component={Link} to={back.to} leftSection={<IconArrowBackUp size={18} aria-hidden />} radius="xl">
                {back.label}
              </Button>
            ) : (
              <Button component={Link} to="/auth/login" radius="xl">
                {t("Log in")}
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
