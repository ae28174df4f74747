import { Button, Card, Group, Select, Stack, Table, Text, Title } from "@mantine/core";
import type { Statement } from "@marquee/contracts/payouts";
import { IconDownload } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { DataTable } from "../admin/ManageList.tsx";

/** What each kind of statement row is called; a kind the web does not know yet shows as its name. */
const KIND_LABEL: Record<string, string> = {
  video: msg("Movie sales"),
  gallery: msg("Gallery sales"),
  product: msg("Store sales"),
  subscription: msg("Subscriptions"),
  tip: msg("Tips"),
  refund: msg("Refunds"),
};

/**
 * Studio → Earnings: the statement of a month (chosen in the URL's `month`): the opening balance, the month's lines
 * by kind with the site's commission, the payouts, and the closing balance; the same as CSV.
 */
export function StatementCard({ statement, money }: { statement: Statement | null; money: (n: number) => string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  if (!statement) return null;
  const monthName = (m: string) =>
    new Intl.DateTimeFormat(f.locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${m}-01T00:00:00Z`),
    );
  const choose = (m: string | null) => {
    const next = new URLSearchParams(params);
    if (m) next.set("month", m);
    setParams(next, { preventScrollReset: true });
  };
  const s = statement;
  const line = (label: string, value: number, testId: string, strong = false) => (
    <Table.Tr data-testid={testId}>
      <Table.Td colSpan={4} fw={strong ? 700 : undefined}>
        {label}
      </Table.Td>
      <Table.Td ta="right" fw={strong ? 700 : 600} data-net={value.toFixed(2)}>
        {money(value)}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Card withBorder component="section" aria-labelledby="statement-title" data-testid="statement">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="lg" id="statement-title">
            {t("Monthly statement")}
          </Title>
          <Group gap="xs" align="flex-end">
            <Select
              size="xs"
              label={t("Month")}
              data={s.months.map((m) => ({ value: m, label: monthName(m) }))}
              value={s.month}
              onChange={choose}
              allowDeselect={false}
            />
            <Button
              size="xs"
              variant="light"
              component="a"
              href={`/studio/statements/${s.month}.csv`}
              download
              leftSection={<IconDownload size={14} />}
            >
              {t("Download CSV")}
            </Button>
          </Group>
        </Group>
        <DataTable
          label={t("Statement of {{month}}", { month: monthName(s.month) })}
          minWidth={560}
          columns={[
            { label: t("Line") },
            { label: t("Count"), right: true },
            { label: t("Sale"), right: true },
            { label: t("Commission"), right: true },
            { label: t("Earned"), right: true },
          ]}
        >
          {line(t("Opening balance"), s.opening, "statement-opening")}
          {s.rows.map((r) => (
            <Table.Tr key={r.kind} data-testid={`statement-row-${r.kind}`}>
              <Table.Td>{KIND_LABEL[r.kind] ? t(KIND_LABEL[r.kind] as string) : r.kind}</Table.Td>
              <Table.Td ta="right">{r.count}</Table.Td>
              <Table.Td ta="right">{money(r.gross)}</Table.Td>
              <Table.Td ta="right">{money(-r.commission)}</Table.Td>
              <Table.Td ta="right" data-net={r.net.toFixed(2)}>
                {money(r.net)}
              </Table.Td>
            </Table.Tr>
          ))}
          {s.payouts.map((p) => (
            <Table.Tr key={p._id} data-testid="statement-payout">
              <Table.Td colSpan={4}>
                {p.note
                  ? t("Payout on {{date}} ({{note}})", { date: f.date(p.createdAt), note: p.note })
                  : t("Payout on {{date}}", { date: f.date(p.createdAt) })}
              </Table.Td>
              <Table.Td ta="right" data-net={(-p.amount).toFixed(2)}>
                {money(-p.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
          {line(t("Closing balance"), s.closing, "statement-closing", true)}
        </DataTable>
        <Text size="xs" c="dimmed">
          {t("Closing balance = opening balance + what you earned − payouts. Dates are in UTC.")}
        </Text>
      </Stack>
    </Card>
  );
}
