import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import type { MassMessage } from "@marquee/contracts/messages";
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { useFormat } from "../../../i18n/format.ts";
import { msg } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { AUDIENCE_LABELS, LIST_LABELS } from "./MassMessageComposer.tsx";

/** How often the page is read again while a mass message is being sent. */
const POLL_MS = 2000;

const STATUS: Record<MassMessage["status"], { label: string; color: string }> = {
  sending: { label: msg("Sending"), color: "blue" },
  sent: { label: msg("Sent"), color: "teal" },
  failed: { label: msg("Failed"), color: "red" },
};

/**
 * The performer's mass messages, newest first, with their progress: while one is being sent, the page's loader runs
 * again every two seconds until it is not.
 */
export function MassMessageList({ list, error }: { list: MassMessage[]; error: string | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const revalidator = useRevalidator();
  const sending = list.some((m) => m.status === "sending");
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [sending, revalidator]);

  return (
    <Stack component="section" aria-labelledby="mass-list-title" gap="sm" data-testid="mass-list">
      <Text component="h2" fw={700} fz="lg" id="mass-list-title">
        {t("Sent mass messages")}
      </Text>
      {error && (
        <Text c="red" role="alert">
          {t(error)}
        </Text>
      )}
      {!error && list.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="mass-list-empty">
          {t("You have not sent a mass message yet.")}
        </Text>
      )}
      {list.map((m) => (
        <Card key={m._id} withBorder padding="sm" data-testid="mass-row">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }} data-testid="mass-row-text">
                {m.text || t("{{n}} photos or videos", { count: m.attachments, n: m.attachments })}
              </Text>
              <Badge color={STATUS[m.status].color} variant="light" data-testid="mass-status">
                {t(STATUS[m.status].label)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {[
                t(AUDIENCE_LABELS[m.audience]),
                ...(m.exclude.length
                  ? [t("Leaving out: {{lists}}", { lists: m.exclude.map((l) => t(LIST_LABELS[l])).join(", ") })]
                  : []),
                m.price != null ? f.price(m.price) : t("Free"),
                f.dateTime(m.createdAt),
              ].join(" · ")}
            </Text>
            <Group gap="md">
              <Text size="sm" data-testid="mass-delivered">
                {t("Delivered to {{n}}", { n: f.number(m.delivered) })}
              </Text>
              <Text size="sm" data-testid="mass-purchases">
                {t("{{n}} purchases", { count: m.purchases, n: f.number(m.purchases) })}
              </Text>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
