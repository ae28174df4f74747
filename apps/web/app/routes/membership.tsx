import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { CurrentSubscriptions, SubscriptionPackage } from "@marquee/contracts/subscriptions";
import { IconCrown, IconGift } from "@tabler/icons-react";
import { Link } from "react-router";
import { formatPrice } from "../components/catalogue/format.ts";
import { CheckoutForm } from "../components/payments/CheckoutForm.tsx";
import { useFormat } from "../i18n/format.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { optional, required } from "../lib/catalogue.server.ts";
import { packageTerms, pricePer } from "../lib/memberships.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { requestToken, sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/membership";

export const handle = pages.membership.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(
    matches,
    t("Membership"),
    t("Join the site: every members movie and gallery, with the packages and their prices."),
  );
};

/** The packages on offer, and what the member already has (a member is not sold a second membership). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const [packages, current] = await Promise.all([
    required(api.get<{ data: SubscriptionPackage[] }>("/package/subscription/search"), "No membership packages."),
    requestToken(request)
      ? optional("GET /subscriptions/current", api.get<CurrentSubscriptions>("/subscriptions/current"))
      : null,
  ]);
  return { packages: packages.data, membership: current?.membership ?? null };
}

function PackageCard({ pack, loggedIn }: { pack: SubscriptionPackage; loggedIn: boolean }) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  const trial = pack.type === "trial";
  return (
    <Card component="article" aria-labelledby={`package-${pack._id}`} data-testid="package" withBorder>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} fz="h3" id={`package-${pack._id}`}>
              {pack.name}
            </Title>
            {trial && (
              <Badge color="teal" variant="light" leftSection={<IconGift size={14} aria-hidden />}>
                {t("Free")}
              </Badge>
            )}
          </Group>
          <Text>
            <Text span fz={32} fw={800} data-testid="package-price">
              {trial ? formatPrice(0, symbol, locale) : formatPrice(pack.price, symbol, locale)}
            </Text>{" "}
            <Text span c="dimmed">
              {pricePer(pack, t)}
            </Text>
          </Text>
          <Text size="sm" fw={600}>
            {packageTerms(pack, t)}
          </Text>
          {pack.description && (
            <Text size="sm" c="dimmed">
              {pack.description}
            </Text>
          )}
        </Stack>
        {loggedIn ? (
          <CheckoutForm
            fields={{ kind: "package", id: pack._id }}
            label={
              trial
                ? t("Start the free trial")
                : t("Join for {{price}}", { price: formatPrice(pack.price, symbol, locale) })
            }
            icon={<IconCrown size={18} aria-hidden />}
            coupon={!trial}
            fullWidth
          />
        ) : (
          <Button component={Link} to="/auth/login" radius="xl" size="md" fullWidth>
            {t("Log in to join")}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export default function MembershipPage({ loaderData }: Route.ComponentProps) {
  const { packages, membership } = loaderData;
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Container size="lg">
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t("Become a member")}</Title>
          <Text c="dimmed" maw="60ch">
            {t(
              "A membership opens every members movie and gallery on the site. To follow one performer only, subscribe on their profile instead.",
            )}
          </Text>
        </Stack>
        {membership ? (
          <Card withBorder data-testid="membership-current">
            <Stack gap="xs">
              <Group gap="xs">
                <IconCrown size={20} aria-hidden />
                <Text fw={700}>
                  {membership.package
                    ? t("You are a member ({{package}})", { package: membership.package.name })
                    : t("You are a member")}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {membership.renews
                  ? t("It renews on {{date}}.", { date: f.date(membership.expiresAt) })
                  : t("Your access lasts until {{date}}.", { date: f.date(membership.expiresAt) })}
              </Text>
              <Group>
                <Button component={Link} to="/movies?access=members" variant="light" radius="xl">
                  {t("Members movies")}
                </Button>
                <Button component={Link} to="/account#membership" variant="subtle" radius="xl">
                  {t("Manage in your account")}
                </Button>
              </Group>
            </Stack>
          </Card>
        ) : packages.length ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {packages.map((p) => (
              <PackageCard key={p._id} pack={p} loggedIn={loggedIn} />
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{t("No membership packages are on offer right now.")}</Text>
        )}
      </Stack>
    </Container>
  );
}
