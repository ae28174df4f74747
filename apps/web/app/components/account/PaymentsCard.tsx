import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { Transaction } from "@marquee/contracts/payments";
import { IconReceipt } from "@tabler/icons-react";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { itemPath } from "../../lib/payments.ts";

const STATUS: Record<Transaction["status"], { label: string; color: string }> = {
  pending: { label: msg("Pending"), color: "yellow" },
  paid: { label: msg("Paid"), color: "teal" },
  failed: { label: msg("Declined"), color: "red" },
  expired: { label: msg("Expired"), color: "gray" },
  refunded: { label: msg("Refunded"), color: "grape" },
};

/** The member's payments, newest first: what each paid for, how much, and where it stands. */
export function PaymentsCard({ payments, error }: { payments: Transaction[]; error: string | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Card component="section" aria-labelledby="payments-title">
      <Stack gap="md">
        <Group gap="xs">
          <IconReceipt size={20} aria-hidden />
          <Title order={2} fz="lg" id="payments-title">
            {t("Payments")}
          </Title>
        </Group>
        {error && (
          <Text c="red" size="sm">
            {t(error)}
          </Text>
        )}
        {!error && payments.length === 0 && (
          <Text c="dimmed" size="sm">
            {t("No payments yet. Movies and galleries you buy show here.")}
          </Text>
        )}
        {payments.map((p) => (
          <Group key={p._id} justify="space-between" wrap="nowrap" data-testid="payment-row">
            <Stack gap={2} style={{ minWidth: 0 }}>
              {p.items.map((item) => {
                const to = itemPath(item);
                return to ? (
                  <Anchor key={item.itemId} component={Link} to={to} fw={600} truncate>
                    {item.title}
                  </Anchor>
                ) : (
                  <Text key={item.itemId} fw={600} truncate>
                    {item.title}
                  </Text>
                );
              })}
              <Text size="sm" c="dimmed">
                {f.date(p.paidAt ?? p.createdAt)}
              </Text>
            </Stack>
            <Group gap="sm" wrap="nowrap">
              <Text fw={600}>{f.price(p.amount)}</Text>
              <Badge color={STATUS[p.status].color} variant="light">
                {t(STATUS[p.status].label)}
              </Badge>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
