import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import type { TwoFactorStatus } from "@marquee/contracts/auth";
import type { EarningInterval, EarningStats, EarningTimeline, PayoutDetails } from "@marquee/contracts/payments";
import type { PayoutBalance, PayoutRequest, Statement } from "@marquee/contracts/payouts";
import { IconAlertCircle, IconCoin, IconRefresh } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { Link, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { DataTable, ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { formatPrice } from "../components/catalogue/format.ts";
import { EarningsChart } from "../components/studio/EarningsChart.tsx";
import { PayoutDetailsCard } from "../components/studio/PayoutDetailsCard.tsx";
import { PayoutRequestCard } from "../components/studio/PayoutRequestCard.tsx";
import { StatementCard } from "../components/studio/StatementCard.tsx";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, reauthenticateIntent } from "../lib/actions.server.ts";
import { isApiError } from "../lib/api.ts";
import {
  type ChartRange,
  chartChoice,
  chartRanges,
  INTERVAL_LABELS,
  intervalsFor,
  RANGE_LABELS,
  timelineQuery,
  withChartChoice,
} from "../lib/earnings-chart.ts";
import { pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { itemPath } from "../lib/payments.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/studio.earnings";

export const handle = pages.studioEarnings.handle;

const DESCRIPTION = msg("What your sales earned: the totals, the chart over time, and every sale and refund.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Earnings"), t(DESCRIPTION));
};

/** What the chart shows, per interval. */
const CHART_HINT: Record<EarningInterval, string> = {
  day: msg("Your earnings after the site's commission, by day; refunds show below the line."),
  week: msg("Your earnings after the site's commission, by week; refunds show below the line."),
  month: msg("Your earnings after the site's commission, by month; refunds show below the line."),
};

const PAGE_SIZE = 20;

interface EarningLine {
  _id: string;
  type: "sale" | "tip" | "refund";
  title: string;
  itemKind: string;
  itemId: string;
  /** A tip's giver and message. */
  tip?: { from: string; message: string | null };
  gross: number;
  commissionRate: number;
  commission: number;
  net: number;
  paid: boolean;
  createdAt: string;
}

/**
 * The performer's totals, their earnings over time (`range` and `interval` in the URL) and a page of their lines
 * (`page`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const params = new URL(request.url).searchParams;
  const page = pageOf(params);
  const choice = chartChoice(params);
  const month = params.get("month");
  const [stats, timeline, lines, payout, twoFactor, balance, requests, statement] = await Promise.all([
    loaded(api.get<EarningStats>("/earning/performer/stats"), msg("Could not load your earnings.")),
    loaded(
      api.get<EarningTimeline>("/earning/performer/timeline", timelineQuery(choice)),
      msg("Could not load your earnings over time."),
    ),
    loaded(
      api.get<{ data: EarningLine[]; total: number }>("/earning/performer/search", {
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      }),
      msg("Could not load your earning lines."),
    ),
    api.get<{ payoutDetails: PayoutDetails | null }>("/performers/me/payout-details").catch((e: unknown) => ({
      payoutDetails: null,
      // Saved under another encryption key: the performer is told, and may enter them again.
      unreadable: isApiError(e) && e.error === "PayoutDetailsUnreadable" ? e.message : null,
    })),
    api.get<TwoFactorStatus>("/auth/two-factor").catch(() => null),
    api.get<PayoutBalance>("/performers/me/payout-balance").catch(() => null),
    api
      .get<{ data: PayoutRequest[]; total: number }>("/performers/me/payout-requests", { limit: 10 })
      .catch(() => null),
    api
      .get<Statement>("/performers/me/statements", month && /^\d{4}-\d{2}$/.test(month) ? { month } : {})
      .catch(() => null),
  ]);
  return {
    stats,
    timeline,
    lines,
    page,
    payoutDetails: payout?.payoutDetails ?? null,
    payoutDetailsProblem: payout && "unreadable" in payout ? payout.unreadable : null,
    twoFactorEnabled: twoFactor?.enabled === true,
    balance,
    requests: requests?.data ?? [],
    statement,
  };
}

/** Saving the payout details (two-factor sign-in and a fresh password needed: PayoutDetailsCard). */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    reauthenticate: reauthenticateIntent,
    payoutDetails: (api, { method, accountName, account, network }) =>
      api.put("/performers/me/payout-details", {
        method,
        accountName,
        account,
        ...(typeof network === "string" ? { network } : {}),
      }),
    /** Asks to be paid the balance (the API checks the minimum, the method's hold and that no request is open). */
    requestPayout: (api) => api.post<{ request: PayoutRequest }>("/performers/me/payout-requests"),
  });
}

function Total({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The chart of net earnings over time, with its range and interval (kept in the URL, loaded by the loader). */
function OverTime({
  timeline,
  money,
  onRetry,
}: {
  timeline: { result: EarningTimeline | null; error: string | null };
  money: (n: number) => string;
  onRetry: () => void;
}) {
  const [current, setParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/studio/earnings";
  // While a choice loads, the next one builds on it: two quick clicks keep both, even when the second comes before
  // the page has drawn the first (the choice asked for is kept until the navigation it started ends).
  const params = busy ? new URLSearchParams(navigation.location.search) : current;
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (navigation.state === "idle") asked.current = null;
  }, [navigation.state]);
  const choice = chartChoice(params);
  const change = (next: { range?: ChartRange; interval?: EarningInterval }) => {
    const target = withChartChoice(asked.current === null ? params : new URLSearchParams(asked.current), next);
    asked.current = target.toString();
    setParams(target, { preventScrollReset: true });
  };
  const allowed = intervalsFor(choice.range);
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="earnings-over-time" padding="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} fz="lg" id="earnings-over-time">
            {t("Over time")}
          </Title>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              aria-label={t("Period")}
              data-testid="earnings-range"
              value={choice.range}
              onChange={(v) => change({ range: v as ChartRange })}
              data={chartRanges.map((r) => ({ value: r, label: t(RANGE_LABELS[r]) }))}
            />
            <SegmentedControl
              size="xs"
              aria-label={t("Bars by")}
              data-testid="earnings-interval"
              value={choice.interval}
              onChange={(v) => change({ interval: v as EarningInterval })}
              data={(["day", "week", "month"] as const).map((i) => ({
                value: i,
                label: t(INTERVAL_LABELS[i]),
                disabled: !allowed.includes(i),
              }))}
            />
          </Group>
        </Group>
        {timeline.result ? (
          <>
            <Text size="sm" c="dimmed">
              {t(CHART_HINT[timeline.result.interval])}
            </Text>
            <EarningsChart timeline={timeline.result} money={money} busy={busy} />
          </>
        ) : (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t(timeline.error ?? "Could not load your earnings over time.")}</Text>
              <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
                {t("Try again")}
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

export default function StudioEarningsPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation();
  const f = useFormat();
  if (!role) return <StudioForbidden />;
  const { stats, timeline, lines, page } = loaderData;
  const money = (n: number) => (n < 0 ? `−${formatPrice(-n, symbol, f.locale)}` : formatPrice(n, symbol, f.locale));
  const s = stats.result;
  return (
    <StudioPage title={t("Earnings")} description={t(DESCRIPTION)}>
      <Stack gap="lg">
        {s && (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" aria-label={t("Totals")}>
            <Total label={t("Sales")} value={money(s.gross)} testId="earnings-gross" />
            <Total label={t("Site commission")} value={money(s.commission)} testId="earnings-commission" />
            <Total label={t("Your earnings")} value={money(s.net)} testId="earnings-net" />
            <Total label={t("Paid out")} value={money(s.paid)} testId="earnings-paid" />
            <Total label={t("Still owed")} value={money(s.unpaid)} testId="earnings-unpaid" />
          </SimpleGrid>
        )}
        <PayoutRequestCard balance={loaderData.balance} history={loaderData.requests} money={money} />
        <PayoutDetailsCard
          details={loaderData.payoutDetails}
          problem={loaderData.payoutDetailsProblem}
          twoFactorEnabled={loaderData.twoFactorEnabled}
        />
        <StatementCard statement={loaderData.statement} money={money} />
        <OverTime timeline={timeline} money={money} onRetry={() => void revalidator.revalidate()} />
        <ListPanel
          label={t("Earning lines")}
          error={stats.error ? t(stats.error) : lines.error && t(lines.error)}
          onRetry={() => void revalidator.revalidate()}
          ready
          count={lines.result?.data.length}
          empty={{
            icon: IconCoin,
            message: t("No sales yet. When members buy your movies and galleries, they show here."),
          }}
        >
          <DataTable
            label={t("Earning lines")}
            minWidth={720}
            columns={[
              { label: t("Date") },
              { label: t("Item") },
              { label: t("Sale"), right: true },
              { label: t("Commission"), right: true },
              { label: t("Earned"), right: true },
              { label: t("Status") },
            ]}
          >
            {(lines.result?.data ?? []).map((line) => {
              const to = itemPath(line);
              return (
                <Table.Tr key={line._id} data-testid="earning-line">
                  <Table.Td>{f.date(line.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {to ? (
                        <Anchor component={Link} to={to}>
                          {line.title}
                        </Anchor>
                      ) : (
                        line.title
                      )}
                      {line.type === "tip" && (
                        <Badge color="teal" variant="light" data-testid="earning-tip-badge">
                          {t("Tip")}
                        </Badge>
                      )}
                      {line.type === "refund" && (
                        <Badge color="red" variant="light">
                          {t("Refund line", { defaultValue: "Refund" })}
                        </Badge>
                      )}
                    </Group>
                    {line.tip && (
                      <Text size="sm" c="dimmed" data-testid="earning-tip-message">
                        {line.tip.message
                          ? t("From {{name}}: “{{message}}”", { name: line.tip.from, message: line.tip.message })
                          : t("From {{name}}", { name: line.tip.from })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{money(line.gross)}</Table.Td>
                  <Table.Td ta="right">
                    {money(line.commission)} ({Math.round(line.commissionRate * 1000) / 10}%)
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money(line.net)}
                  </Table.Td>
                  <Table.Td>{line.paid ? t("Paid out") : t("Owed")}</Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        </ListPanel>
        <Pager
          total={lines.result?.total ?? 0}
          pageSize={PAGE_SIZE}
          page={page}
          onChange={(p) => {
            // The chart's choice stays as it is.
            const next = new URLSearchParams(params);
            if (p > 1) next.set("page", String(p));
            else next.delete("page");
            setParams(next, { preventScrollReset: true });
          }}
        />
      </Stack>
    </StudioPage>
  );
}
