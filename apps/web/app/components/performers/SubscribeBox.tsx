import { Button, Card, Group, Stack, Text } from "@mantine/core";
import type { PerformerProfile } from "@marquee/contracts/performers";
import { IconSparkles } from "@tabler/icons-react";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useAppSelector } from "../../state/store.ts";
import { formatPrice } from "../catalogue/format.ts";
import styles from "../catalogue/sections.module.css";
import { CheckoutForm } from "../payments/CheckoutForm.tsx";

/**
 * The profile's subscribe box (`#subscribe`, where a post locked to subscribers links): the prices and their buttons,
 * the running subscription, or for the performer a way to their studio.
 */
export function SubscribeBox({ performer }: { performer: PerformerProfile }) {
  const { t } = useTranslation();
  const f = useFormat();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const viewerId = useAppSelector((s) => s.user.current._id);
  const symbol = useAppSelector((s) => s.ui.currencySymbol || s.settings.data.currencySymbol);
  const prices = [
    { label: t("Monthly"), period: "monthly", value: performer.monthlyPrice, per: t("/ month") },
    { label: t("Yearly"), period: "yearly", value: performer.yearlyPrice, per: t("/ year") },
  ].filter((p): p is { label: string; period: string; value: number; per: string } => p.value !== null);

  if (viewerId && viewerId === performer._id) {
    return (
      <Card data-testid="subscribe-box" id="subscribe">
        <Stack gap="sm">
          <Text fw={700}>{t("This is your profile")}</Text>
          <Text size="sm" c="dimmed">
            {t("Update your prices, picture and details in your studio.")}
          </Text>
          <Button component={Link} to="/studio/profile" variant="light">
            {t("Edit profile")}
          </Button>
        </Stack>
      </Card>
    );
  }
  if (performer.isSubscribed) {
    return (
      <Card data-testid="subscribe-box" id="subscribe">
        <Stack gap="xs">
          <Group gap="xs">
            <IconSparkles size={20} color="var(--mantine-primary-color-filled)" />
            <Text fw={700}>{t("You are subscribed")}</Text>
          </Group>
          {performer.subscriptionExpiresAt && (
            <Text size="sm" c="dimmed">
              {t("Your subscription runs until {{date}}.", { date: f.date(performer.subscriptionExpiresAt) })}
            </Text>
          )}
        </Stack>
      </Card>
    );
  }
  return (
    <Card data-testid="subscribe-box" id="subscribe">
      <Stack gap="sm">
        <div>
          <Text fw={700} size="lg">
            {t("Subscribe to {{name}}", { name: performer.name })}
          </Text>
          <Text size="sm" c="dimmed">
            {t("Unlock every members movie and gallery from {{name}}.", { name: performer.name })}
          </Text>
        </div>
        {prices.length > 0 ? (
          <div>
            {prices.map((p) => (
              <div key={p.label} className={styles.priceRow}>
                <Text size="sm" c="dimmed">
                  {p.label}
                </Text>
                <span>
                  <span className={styles.priceValue}>{formatPrice(p.value, symbol, f.locale)}</span>{" "}
                  <Text span size="sm" c="dimmed">
                    {p.per}
                  </Text>
                </span>
              </div>
            ))}
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            {t("{{name}} has not opened subscriptions yet.", { name: performer.name })}
          </Text>
        )}
        {prices.length > 0 &&
          (loggedIn ? (
            <Stack gap="xs" data-testid="subscribe-buttons">
              {prices.map((p) => (
                <CheckoutForm
                  key={p.period}
                  fields={{ kind: "performer", id: performer._id, period: p.period }}
                  label={t("{{period}} · {{price}}", {
                    period: p.label,
                    price: formatPrice(p.value, symbol, f.locale),
                  })}
                  icon={<IconSparkles size={16} aria-hidden />}
                  variant={p.period === "monthly" ? "filled" : "light"}
                  coupon={p.period === "monthly"}
                  fullWidth
                />
              ))}
              <Text size="xs" c="dimmed" ta="center">
                {t("Renews until you cancel; cancel any time in your account.")}
              </Text>
            </Stack>
          ) : (
            <Button component={Link} to="/auth/login" size="md">
              {t("Log in to subscribe")}
            </Button>
          ))}
      </Stack>
    </Card>
  );
}
