import { Alert, Anchor, Badge, Button, Card, Container, List, Stack, Text, Title } from "@mantine/core";
import type { OfferTerms } from "@marquee/contracts/offers";
import { withReturnPath } from "@marquee/contracts/return-path";
import { IconCrown, IconGift } from "@tabler/icons-react";
import { Link } from "react-router";
import { CheckoutForm } from "../components/payments/CheckoutForm.tsx";
import { useFormat } from "../i18n/format.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { required } from "../lib/catalogue.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { termsLines } from "../lib/promotions.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/offers.$id";

export const handle = pages.offer.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Offer"), t("An offer on a subscription: what it charges now and what renews."));
};

/** The offer's terms (anyone may read them); taking it is a checkout of `{ kind: offer, id }`. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const terms = await required(
    sessionApi(request, context).get<OfferTerms>(`/offers/${encodeURIComponent(params.id)}`),
    "No such offer.",
  );
  return { terms };
}

export default function OfferPage({ loaderData }: Route.ComponentProps) {
  const { terms } = loaderData;
  const { t } = useTranslation();
  const f = useFormat();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const lines = termsLines(terms, t, f.price);
  const who = terms.performer?.name ?? terms.package?.name ?? "";
  const trial = terms.kind === "trial";
  return (
    <Container size="sm">
      <Card withBorder padding="lg" component="article" aria-labelledby="offer-title">
        <Stack gap="md">
          {trial && (
            <Badge color="teal" variant="light" leftSection={<IconGift size={14} aria-hidden />} w="fit-content">
              {t("Free trial")}
            </Badge>
          )}
          <Title order={1} fz="h2" id="offer-title">
            {terms.title}
          </Title>
          {terms.performer ? (
            <Text>
              {t("A subscription to")}{" "}
              <Anchor component={Link} to={`/performers/${terms.performer.username}`}>
                {who}
              </Anchor>
            </Text>
          ) : (
            <Text>{t("A site membership: {{name}}", { name: who })}</Text>
          )}
          <List spacing="xs" data-testid="offer-terms">
            <List.Item data-testid="offer-now">{lines.now}</List.Item>
            <List.Item data-testid="offer-then">{lines.renewal}</List.Item>
            {terms.endsAt && <List.Item>{t("The offer ends on {{date}}.", { date: f.date(terms.endsAt) })}</List.Item>}
            {terms.claimsLeft !== null && <List.Item>{t("Left: {{left}}", { left: terms.claimsLeft })}</List.Item>}
            {trial && <List.Item>{t("One free trial per member.")}</List.Item>}
          </List>
          <Text size="sm" c="dimmed">
            {t("Regular price: {{price}}.", { price: f.price(terms.regularPrice) })}
          </Text>
          {!terms.available ? (
            <Alert color="gray" data-testid="offer-unavailable">
              {terms.reason}
            </Alert>
          ) : loggedIn ? (
            <CheckoutForm
              fields={{ kind: "offer", id: terms._id }}
              label={
                trial ? t("Start the free trial") : t("Subscribe for {{price}}", { price: f.price(terms.chargedNow) })
              }
              icon={<IconCrown size={18} aria-hidden />}
              coupon={false}
              fullWidth
            />
          ) : (
            <Button
              component={Link}
              to={withReturnPath("/auth/login", `/offers/${terms._id}`)}
              radius="xl"
              size="md"
              fullWidth
            >
              {t("Log in to take this offer")}
            </Button>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
