import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Locale } from "@marquee/contracts/locales";
import type { CurrentSubscriptions, Subscription } from "@marquee/contracts/subscriptions";
import { IconCrown } from "@tabler/icons-react";
import { Link } from "react-router";
import { useLocale } from "../../i18n/format.ts";
import type { TFunction } from "../../i18n/i18n.ts";
import { msg } from "../../i18n/i18n.ts";
import { Trans } from "../../i18n/Trans.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDate } from "../../lib/format.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useConfirm } from "../ConfirmDialog.tsx";
import { performerPath } from "../catalogue/links.ts";

/** When access ends, and whether it renews: what a member most needs to know of a subscription. */
function endText(s: Subscription, t: TFunction, locale: Locale): string {
  const date = formatDate(s.expiresAt, locale);
  if (s.renews) return t("Renews on {{date}}", { date });
  return s.status === "cancelled"
    ? t("Cancelled: access until {{date}}", { date })
    : t("Access until {{date}}", { date });
}

/** Exported for tests. A cancelled subscription shows the day it ends where a renewing one shows its period. */
export function SubscriptionRow({ s, onCancel }: { s: Subscription; onCancel: (s: Subscription) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const title =
    s.kind === "site" ? (
      <Text fw={600}>
        {s.package ? t("Site membership: {{name}}", { name: s.package.name }) : t("Site membership")}
      </Text>
    ) : s.performer ? (
      <Anchor component={Link} to={performerPath(s.performer)} fw={600}>
        {s.performer.name || s.performer.username}
      </Anchor>
    ) : (
      <Text fw={600}>{t("Performer subscription")}</Text>
    );
  return (
    <Group justify="space-between" wrap="wrap" data-testid="subscription-row" data-kind={s.kind}>
      <Stack gap={2}>
        {title}
        <Text size="sm" c="dimmed" data-testid="subscription-end">
          {endText(s, t, locale)}
        </Text>
      </Stack>
      <Group gap="sm">
        {s.status === "cancelled" ? (
          <Badge variant="light" color="gray" tt="none" data-testid="subscription-badge">
            {t("Ends {{date}}", { date: formatDate(s.expiresAt, locale) })}
          </Badge>
        ) : (
          <Badge variant="light" color={s.renews ? "teal" : "gray"} data-testid="subscription-badge">
            {s.period}
          </Badge>
        )}
        {s.renews && (
          <Button variant="subtle" color="red" size="xs" onClick={() => onCancel(s)}>
            {t("Cancel renewal")}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/**
 * The member's site membership and performer subscriptions, with the date access ends, and a way to stop a renewal
 * (the account route's `cancelSubscription` intent); access lasts until the end of the paid period.
 */
export function MembershipCard({ current, error }: { current: CurrentSubscriptions | null; error: string | null }) {
  const intent = useIntent();
  const [confirm, dialog] = useConfirm();
  const { t } = useTranslation();
  const locale = useLocale();
  const cancel = async (s: Subscription) => {
    const ok = await confirm({
      title: t("Cancel renewal?"),
      message: t("It will not renew. You keep access until {{date}}.", { date: formatDate(s.expiresAt, locale) }),
      confirmLabel: t("Cancel renewal"),
      cancelLabel: t("Keep subscription"),
      color: "red",
    });
    if (!ok) return;
    try {
      await intent.run("cancelSubscription", { id: s._id });
      notifications.show({
        color: "teal",
        message: t("Cancelled. Your access lasts until {{date}}.", { date: formatDate(s.expiresAt, locale) }),
      });
    } catch (err) {
      notifications.show({ color: "red", message: errorMessage(err, t("Could not cancel, please try again.")) });
    }
  };
  const all = current ? [...(current.membership ? [current.membership] : []), ...current.performers] : [];
  return (
    <Card component="section" aria-labelledby="membership-title" id="membership">
      <Stack gap="md">
        <Group gap="xs">
          <IconCrown size={20} aria-hidden />
          <Title order={2} fz="lg" id="membership-title">
            {t("Membership and subscriptions")}
          </Title>
        </Group>
        {error && (
          <Text c="red" size="sm">
            {t(error)}
          </Text>
        )}
        {!error && all.length === 0 && (
          <Text c="dimmed" size="sm">
            <Trans
              t={t}
              i18nKey={msg(
                "You are not a member yet. <anchor>See the membership packages</anchor>, or subscribe to a performer on their profile.",
              )}
              components={{ anchor: <Anchor component={Link} to="/membership" /> }}
            />
          </Text>
        )}
        {all.map((s) => (
          <SubscriptionRow key={s._id} s={s} onCancel={(x) => void cancel(x)} />
        ))}
      </Stack>
      {dialog}
    </Card>
  );
}
