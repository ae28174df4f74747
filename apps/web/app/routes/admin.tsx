import { Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import {
  type Dashboard,
  dashboardPeriod,
  type FigureFilter,
  type RevenueKind,
  revenueKinds,
} from "@marquee/contracts/dashboard";
import { IconAlertCircle, IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { Link, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { ADMIN_SECTIONS, AdminPage } from "../components/admin/AdminPage.tsx";
import { KIND_LABELS, RevenueChart } from "../components/admin/RevenueChart.tsx";
import { SectionCard } from "../components/admin/SectionPage.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loaded } from "../lib/actions.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin";

export const handle = pages.admin.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Admin"), t("Run the site: settings, country blocking, accounts and the catalogue."));
};

const descriptions: Record<string, string> = {
  "/admin/settings": msg("Site name, branding, menus, maintenance mode, payments and sign-up rules."),
  "/admin/countries": msg("Block visitors from chosen countries and lift blocks again."),
  "/admin/users": msg("Find accounts, change roles and activate or deactivate users."),
  "/admin/performers": msg("Turn members into performers, edit their profiles and switch them on or off."),
  "/admin/catalogue": msg("Every movie and gallery of every performer: edit them, take them down and restore them."),
  "/admin/subscriptions": msg(
    "Memberships and performer subscriptions: when they end, renewals, and the sandbox's simulations.",
  ),
  "/admin/packages": msg("The membership packages members join, their prices and periods."),
  "/admin/transactions": msg(
    "Every payment, who paid and for what, its gateway events, and refunds through the gateway.",
  ),
  "/admin/orders": msg("Every order: who bought what from whom, moving parcels on, and refunds through the payment."),
  "/admin/payouts": msg("What each performer is owed, marking it paid, and the payouts made."),
  "/admin/coupons": msg("Discount codes: their value, expiry, uses left, and switching them on or off."),
  "/admin/taxes": msg("Tax rates per country and region, and the tax report per country and period, as CSV too."),
  "/admin/categories": msg("The categories of performers, movies, galleries and products."),
  "/admin/posts": msg("News posts and pages such as the home and contact texts, and the legal pages."),
  "/admin/banners": msg("The promotional banners on the home page, by position."),
  "/admin/system": msg("The media workers, what each is doing, the job queues and their recent failures."),
  "/admin/reports": msg(
    "Reports of content, each due 7 business days after filing: take down, dismiss or ask the performer.",
  ),
  "/admin/audit": msg(
    "Who did what and when: every administrator action with its address and what it changed, as CSV too.",
  ),
};

/** This month and the eleven before it, then this year and last year: the periods the picker offers (UTC). */
export function periodChoices(now = new Date()): string[] {
  const months = Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 7),
  );
  const year = now.getUTCFullYear();
  return [...months, String(year), String(year - 1)];
}

/** The dashboard of the period in the URL (`period`: `2026-11` or `2026`; this month by default). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("period") ?? undefined;
  const period = asked && dashboardPeriod.safeParse(asked).success ? asked : undefined;
  const dashboard = await loaded(
    sessionApi(request, context).get<Dashboard>("/admin/dashboard", period ? { period } : {}),
    msg("Could not load the dashboard."),
  );
  return { dashboard, period: period ?? null };
}

/** Where the rows behind a figure are listed: the rows page with the figure's filter and the period. */
export function rowsLink(period: string, filter: FigureFilter): string {
  const params = new URLSearchParams({ period });
  for (const [k, v] of Object.entries(filter)) if (v) params.set(k, String(v));
  return `/admin/dashboard/rows?${params}`;
}

const percent = (ratio: number, locale: string) =>
  new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-US", { style: "percent", maximumFractionDigits: 2 }).format(
    ratio,
  );

function Figure({
  label,
  value,
  to,
  testId,
  hint,
  hintTestId,
}: {
  label: string;
  value: string;
  to: string;
  testId: string;
  /** A line under the value: what the figure counts, or its detail. */
  hint?: string;
  hintTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card padding="sm" withBorder>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" data-testid={hintTestId}>
          {hint}
        </Text>
      )}
      <Anchor component={Link} to={to} size="xs" aria-label={t("Rows behind {{figure}}", { figure: label })}>
        {t("See the rows")}
      </Anchor>
    </Card>
  );
}

function DashboardView({ d, busy }: { d: Dashboard; busy: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = (n: number) => (n < 0 ? `−${f.price(-n)}` : f.price(n));
  const key = d.period.key;
  const r = d.ratios;
  const pct = (x: number) => percent(x, f.locale);
  const ratioFigures = [
    {
      id: "refunds",
      label: t("Refund ratio"),
      ratio: r.refundRatio,
      detail: t("{{n}} refunds, {{amount}} ({{ratio}} of the amount)", {
        count: r.refunds,
        n: f.number(r.refunds),
        amount: money(r.refundsAmount),
        ratio: pct(r.refundAmountRatio),
      }),
    },
    {
      id: "chargebacks",
      label: t("Chargeback ratio"),
      ratio: r.chargebackRatio,
      detail: t("{{n}} chargebacks, {{amount}} ({{ratio}} of the amount)", {
        count: r.chargebacks,
        n: f.number(r.chargebacks),
        amount: money(r.chargebacksAmount),
        ratio: pct(r.chargebackAmountRatio),
      }),
    },
  ] as const;
  const memberFigures = [
    { id: "new", label: t("New"), hint: t("Accounts created in the period.") },
    {
      id: "active",
      label: t("Active"),
      hint: t("With a live membership or performer subscription at the period's end (now, this period)."),
    },
    {
      id: "churned",
      label: t("Churned"),
      hint: t("Whose membership or subscription ended in the period without renewal, with none live now."),
    },
  ] as const;
  return (
    <Stack gap="lg" data-testid="dashboard" aria-busy={busy}>
      <Card component="section" aria-labelledby="dash-revenue" padding="md" withBorder>
        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={2} fz="lg" id="dash-revenue">
              {t("Revenue")}
            </Title>
            <Text fw={700} data-testid="revenue-total">
              {money(d.revenue.totals.total)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t(
              "What members paid in the period, by the day it was paid (UTC), refunded later or not; refunds and chargebacks are shown below.",
            )}
          </Text>
          <RevenueChart points={d.revenue.points} interval={d.period.interval} money={money} busy={busy} />
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
            {revenueKinds.map((k: RevenueKind) => (
              <Figure
                key={k}
                label={t(KIND_LABELS[k])}
                value={money(d.revenue.totals[k])}
                to={rowsLink(key, d.revenue.filters[k])}
                testId={`revenue-${k}`}
              />
            ))}
          </SimpleGrid>
          <Anchor component={Link} to={rowsLink(key, d.revenue.filters.total)} size="sm">
            {t("Every line of revenue in the period")}
          </Anchor>
        </Stack>
      </Card>

      <Card component="section" aria-labelledby="dash-ratios" padding="md" withBorder>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="dash-ratios">
            {t("Refunds and chargebacks")}
          </Title>
          {r.warning && (
            <Alert
              color="red"
              icon={<IconAlertTriangle size={18} />}
              title={t("Chargebacks are at {{ratio}} of payments", { ratio: pct(r.chargebackRatio) })}
              data-testid="chargeback-warning"
            >
              {t(
                "Card schemes act on a chargeback ratio near 1%: this dashboard warns from {{threshold}}. Look at who charged back, and refund disputed payments before they become chargebacks.",
                { threshold: pct(r.threshold) },
              )}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <Figure
              label={t("Payments")}
              value={t("{{n}} for {{amount}}", { n: f.number(r.payments), amount: money(r.paymentsAmount) })}
              to={rowsLink(key, r.filters.payments)}
              testId="ratio-payments"
            />
            {ratioFigures.map((x) => (
              <Figure
                key={x.id}
                label={x.label}
                value={pct(x.ratio)}
                to={rowsLink(key, r.filters[x.id])}
                testId={`ratio-${x.id}`}
                hint={x.detail}
                hintTestId={`ratio-${x.id}-detail`}
              />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t(
              "Ratios are counts of refunds and chargebacks made in the period over the payments made in it. Card schemes act near 1%; the warning shows from {{threshold}}.",
              { threshold: pct(r.threshold) },
            )}
          </Text>
        </Stack>
      </Card>

      <Card component="section" aria-labelledby="dash-members" padding="md" withBorder>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="dash-members">
            {t("Members")}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            {memberFigures.map((m) => (
              <Figure
                key={m.id}
                label={m.label}
                value={f.number(d.members[m.id])}
                to={rowsLink(key, d.members.filters[m.id])}
                testId={`members-${m.id}`}
                hint={m.hint}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card component="section" aria-labelledby="dash-performers" padding="md" withBorder>
          <Title order={2} fz="lg" id="dash-performers" mb="xs">
            {t("Top performers")}
          </Title>
          <Text size="xs" c="dimmed" mb="xs">
            {t("By their earning lines of the period: sales less refunds, before and after commission.")}
          </Text>
          {d.topPerformers.length ? (
            <Table.ScrollContainer minWidth={300}>
              <Table data-testid="top-performers">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("Performer")}</Table.Th>
                    <Table.Th ta="right">{t("Gross")}</Table.Th>
                    <Table.Th ta="right">{t("Net")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.topPerformers.map((p) => (
                    <Table.Tr key={p.performerId}>
                      <Table.Td>
                        <Anchor component={Link} to={rowsLink(key, p.filter)} size="sm">
                          {p.performer ? `${p.performer.name} (@${p.performer.username})` : t("Deleted account")}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">{money(p.gross)}</Table.Td>
                      <Table.Td ta="right">{money(p.net)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm" c="dimmed">
              {t("No sales in this period.")}
            </Text>
          )}
        </Card>
        <Card component="section" aria-labelledby="dash-items" padding="md" withBorder>
          <Title order={2} fz="lg" id="dash-items" mb="xs">
            {t("Top items")}
          </Title>
          <Text size="xs" c="dimmed" mb="xs">
            {t("Movies, galleries, products and subscriptions by what was paid for them in the period.")}
          </Text>
          {d.topItems.length ? (
            <Table.ScrollContainer minWidth={300}>
              <Table data-testid="top-items">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("Item")}</Table.Th>
                    <Table.Th ta="right">{t("Sold")}</Table.Th>
                    <Table.Th ta="right">{t("Gross")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.topItems.map((i) => (
                    <Table.Tr key={`${i.itemKind}:${i.itemId}`}>
                      <Table.Td>
                        <Anchor component={Link} to={rowsLink(key, i.filter)} size="sm">
                          {i.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">{f.number(i.count)}</Table.Td>
                      <Table.Td ta="right">{money(i.gross)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm" c="dimmed">
              {t("No sales in this period.")}
            </Text>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** "November 2026" / "noviembre de 2026", or the year alone. */
function periodLabel(key: string, locale: string): string {
  if (key.length === 4) return key;
  const [y, m] = key.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-GB", {
    timeZone: "UTC",
    month: "long",
    year: "numeric",
  }).format(new Date(Date.UTC(y, m - 1, 1)));
}

export default function AdminOverviewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/admin";
  const { dashboard } = loaderData;
  const current = dashboard.result?.period.key ?? loaderData.period ?? new Date().toISOString().slice(0, 7);
  const choices = periodChoices();
  if (!choices.includes(current)) choices.push(current);
  return (
    <AdminPage title={t("Admin")} description={t("Everything you need to run the site, in one place.")}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="xl">
            {t("Dashboard")}
          </Title>
          <Select
            label={t("Period")}
            data-testid="dashboard-period"
            data={choices.map((c) => ({ value: c, label: periodLabel(c, f.locale) }))}
            value={current}
            allowDeselect={false}
            onChange={(v) => v && setParams({ period: v }, { preventScrollReset: true })}
            maw={220}
          />
        </Group>
        {dashboard.result ? (
          <DashboardView d={dashboard.result} busy={busy} />
        ) : (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t(dashboard.error ?? "Could not load the dashboard.")}</Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconRefresh size={14} />}
                onClick={() => void revalidator.revalidate()}
              >
                {t("Try again")}
              </Button>
            </Stack>
          </Alert>
        )}
        <Title order={2} fz="xl">
          {t("Sections")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {ADMIN_SECTIONS.filter((s) => s.to !== "/admin").map((section) => (
            <SectionCard key={section.to} section={section} description={t(descriptions[section.to] ?? "")} />
          ))}
        </SimpleGrid>
      </Stack>
    </AdminPage>
  );
}
