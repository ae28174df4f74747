import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { PayoutBalance, PayoutBlocker, PayoutRequest, PayoutRequestStatus } from "@marquee/contracts/payouts";
import { IconAlertCircle, IconSend } from "@tabler/icons-react";
import { useFormat } from "../../i18n/format.ts";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { DataTable } from "../admin/ManageList.tsx";

export const REQUEST_STATUS: Record<PayoutRequestStatus, { label: string; color: string }> = {
  requested: { label: msg("Requested"), color: "blue" },
  approved: { label: msg("Approved"), color: "teal" },
  paid: { label: msg("Paid"), color: "green" },
  refused: { label: msg("Refused"), color: "red" },
};

/**
 * Studio → Earnings: the performer's balance (their unpaid net), the button that asks to be paid it (disabled, with
 * the reason, below the minimum, without a method, while the method is on hold or with a request open), and their
 * requests so far.
 */
export function PayoutRequestCard({
  balance,
  history,
  money,
}: {
  balance: PayoutBalance | null;
  history: PayoutRequest[];
  money: (n: number) => string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const { run, busy } = useIntent();
  if (!balance) return null;

  const why: Record<PayoutBlocker, string> = {
    "below-minimum": t("You can ask to be paid once your balance reaches {{minimum}}.", {
      minimum: money(balance.minimum),
    }),
    "no-method": t("Save your payout details below to ask to be paid."),
    "method-on-hold": t("Your payout method was changed recently: you can use it from {{date}}.", {
      date: f.dateTime(balance.methodHeldUntil),
    }),
    "open-request": t("Your request is being handled: you can ask again once it is paid or refused."),
  };

  const ask = async () => {
    try {
      const { request } = await run<{ request: PayoutRequest }>("requestPayout");
      notifications.show({
        color: "teal",
        message: t("You asked to be paid {{amount}}.", { amount: money(request.amount) }),
      });
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not ask to be paid"), message: errorMessage(e) });
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="payout-request-title" data-testid="payout-request">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Stack gap={0}>
            <Title order={2} fz="lg" id="payout-request-title">
              {t("Balance")}
            </Title>
            <Text fw={700} fz="xl" data-testid="payout-balance">
              {money(balance.balance)}
            </Text>
            <Text size="xs" c="dimmed">
              {t("Payout minimum: {{minimum}}", { minimum: money(balance.minimum) })}
            </Text>
          </Stack>
          <Button
            leftSection={<IconSend size={16} />}
            disabled={balance.blocker !== null}
            loading={busy}
            onClick={() => void ask()}
          >
            {t("Request payout")}
          </Button>
        </Group>
        {balance.blocker && (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} data-testid="payout-blocker">
            {why[balance.blocker]}
          </Alert>
        )}
        {history.length > 0 && (
          <DataTable
            label={t("Your payout requests")}
            minWidth={560}
            columns={[
              { label: t("Date") },
              { label: t("Amount"), right: true },
              { label: t("Paid to") },
              { label: t("Status") },
            ]}
          >
            {history.map((r) => (
              <Table.Tr key={r._id} data-testid="payout-request-row">
                <Table.Td style={{ whiteSpace: "nowrap" }}>{f.date(r.createdAt)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {money(r.amount)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: "break-all" }}>
                    {r.method.accountHint}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Badge variant="light" color={REQUEST_STATUS[r.status].color}>
                      {t(REQUEST_STATUS[r.status].label)}
                    </Badge>
                    {r.status === "refused" && r.reason && (
                      <Text size="xs" c="dimmed">
                        {r.reason}
                      </Text>
                    )}
                    {r.status === "paid" && r.reference && (
                      <Text size="xs" c="dimmed">
                        {t("Reference: {{reference}}", { reference: r.reference })}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Stack>
    </Card>
  );
}
