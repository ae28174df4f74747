import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { TaxRate, TaxReport } from "@marquee/contracts/taxes";
import { IconAlertCircle, IconDownload, IconReceiptTax } from "@tabler/icons-react";
import { useState } from "react";
import { Form } from "react-router";
import { AdminPage } from "../components/admin/AdminPage.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, saveDeleteIntents } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { fieldErrorsFrom } from "../lib/form-errors.ts";
import { countryList } from "../lib/lookups.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.taxes";

export const handle = pages.adminTaxes.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Taxes"), t("Tax rates per country and region, and the tax report for filing."));
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period of the report: `from` and `to` of the address, else this month up to today (UTC). */
function periodOf(url: URL) {
  const today = new Date().toISOString().slice(0, 10);
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  return { from: DAY.test(from) ? from : `${today.slice(0, 8)}01`, to: DAY.test(to) ? to : today };
}

/** The rates, the country list, and the tax report of the period asked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const period = periodOf(new URL(request.url));
  const [rates, countries, report] = await Promise.all([
    loaded(api.get<TaxRate[]>("/admin/taxes"), msg("Could not load the tax rates.")),
    loaded(countryList(api), msg("Could not load the country list.")),
    loaded(api.get<TaxReport>("/admin/taxes/report", period), msg("Could not load the tax report.")),
  ]);
  return { rates, countries, report, period };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, saveDeleteIntents("/admin/taxes"));
}

interface Draft {
  id: string | null;
  country: string | null;
  region: string;
  name: string;
  rate: number | string;
}
const EMPTY: Draft = { id: null, country: null, region: "", name: "VAT", rate: "" };

function RateForm({
  countries,
  draft,
  setDraft,
}: {
  countries: { value: string; label: string }[];
  draft: Draft;
  setDraft: (d: Draft) => void;
}) {
  const { t } = useTranslation();
  const { run, busy } = useIntent();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    setErrors({});
    try {
      await run("save", {
        id: draft.id ?? "",
        body: {
          country: draft.country ?? "",
          region: draft.region.trim() || null,
          name: draft.name,
          rate: typeof draft.rate === "number" ? draft.rate : Number.NaN,
        },
      });
      notifications.show({ color: "teal", message: draft.id ? t("The rate is saved.") : t("The rate is added.") });
      setDraft(EMPTY);
    } catch (e) {
      setErrors(fieldErrorsFrom(e));
      notifications.show({ color: "red", title: t("Could not save the rate"), message: errorMessage(e) });
    }
  };
  return (
    <Card component="section" aria-labelledby="tax-rate-form-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="tax-rate-form-title">
          {draft.id ? t("Change a rate") : t("Add a rate")}
        </Title>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Group align="flex-start" gap="sm">
            <Select
              label={t("Country")}
              searchable
              data={countries}
              value={draft.country}
              onChange={(country) => setDraft({ ...draft, country })}
              error={errors.country}
              style={{ flex: "1 1 220px" }}
              maxDropdownHeight={280}
            />
            <TextInput
              label={t("Region (optional)")}
              description={t("An ISO 3166-2 code such as ES-CN")}
              value={draft.region}
              onChange={(e) => setDraft({ ...draft, region: e.currentTarget.value })}
              error={errors.region}
              w={180}
            />
            <TextInput
              label={t("Tax name")}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
              error={errors.name}
              w={160}
            />
            <NumberInput
              label={t("Rate (%)")}
              value={draft.rate}
              onChange={(rate) => setDraft({ ...draft, rate })}
              decimalScale={2}
              min={0}
              max={100}
              error={errors.rate}
              w={120}
            />
          </Group>
          <Group mt="md" gap="sm">
            <Button type="submit" loading={busy} leftSection={<IconReceiptTax size={18} />}>
              {draft.id ? t("Save rate") : t("Add rate")}
            </Button>
            {draft.id && (
              <Button variant="default" onClick={() => setDraft(EMPTY)}>
                {t("Cancel")}
              </Button>
            )}
          </Group>
        </form>
      </Stack>
    </Card>
  );
}

function Rates({ rates, onEdit }: { rates: TaxRate[]; onEdit: (r: TaxRate) => void }) {
  const { t } = useTranslation();
  const { run } = useIntent();
  const remove = async (r: TaxRate) => {
    try {
      await run("delete", { id: r._id });
      notifications.show({ color: "teal", message: t("The rate is removed.") });
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not remove the rate"), message: errorMessage(e) });
    }
  };
  if (!rates.length) return <Text c="dimmed">{t("No tax rate yet: buyers pay the listed prices, without tax.")}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" aria-label={t("Tax rates")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("Country")}</Table.Th>
            <Table.Th>{t("Region")}</Table.Th>
            <Table.Th>{t("Tax name")}</Table.Th>
            <Table.Th>{t("Rate")}</Table.Th>
            <Table.Th>{t("Actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rates.map((r) => (
            <Table.Tr key={r._id} data-testid={`tax-rate-${r.country}${r.region ? `-${r.region}` : ""}`}>
              <Table.Td fw={600}>
                {r.countryName} ({r.country})
              </Table.Td>
              <Table.Td>{r.region ?? t("Whole country")}</Table.Td>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>{`${r.rate}%`}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onEdit(r)}
                    aria-label={t("Edit {{name}}", { name: `${r.name} ${r.region ?? r.country}` })}
                  >
                    {t("Edit")}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => void remove(r)}
                    aria-label={t("Remove {{name}}", { name: `${r.name} ${r.region ?? r.country}` })}
                  >
                    {t("Remove")}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Report({ report, period }: { report: TaxReport; period: { from: string; to: string } }) {
  const { t } = useTranslation();
  const f = useFormat();
  const csv = `/admin/taxes/report.csv?${new URLSearchParams(period)}`;
  return (
    <Stack gap="md">
      <Form method="get">
        <Group align="flex-end" gap="sm">
          <TextInput type="date" name="from" label={t("From")} defaultValue={period.from} />
          <TextInput type="date" name="to" label={t("To")} defaultValue={period.to} />
          <Button type="submit" variant="default">
            {t("Show")}
          </Button>
          <Anchor href={csv} download>
            <Group gap={4}>
              <IconDownload size={16} aria-hidden />
              {t("Download CSV")}
            </Group>
          </Anchor>
        </Group>
      </Form>
      {report.rows.length === 0 ? (
        <Text c="dimmed">{t("No taxed sale in this period.")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label={t("Tax report")} data-testid="tax-report">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Country")}</Table.Th>
                <Table.Th>{t("Region")}</Table.Th>
                <Table.Th>{t("Tax")}</Table.Th>
                <Table.Th>{t("Orders")}</Table.Th>
                <Table.Th>{t("Refunds")}</Table.Th>
                <Table.Th>{t("Net")}</Table.Th>
                <Table.Th>{t("Tax amount")}</Table.Th>
                <Table.Th>{t("Gross")}</Table.Th>
                <Table.Th>{t("Evidence to check")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.map((r) => (
                <Table.Tr key={`${r.country}-${r.region}-${r.rate}`} data-testid={`tax-report-${r.country}`}>
                  <Table.Td fw={600}>{r.countryName}</Table.Td>
                  <Table.Td>{r.region ?? "—"}</Table.Td>
                  <Table.Td>{r.taxName ? `${r.taxName} ${r.rate}%` : t("None")}</Table.Td>
                  <Table.Td>{r.orders}</Table.Td>
                  <Table.Td>{r.refunds}</Table.Td>
                  <Table.Td>{f.price(r.net)}</Table.Td>
                  <Table.Td>{f.price(r.tax)}</Table.Td>
                  <Table.Td>{f.price(r.gross)}</Table.Td>
                  <Table.Td>{r.mismatches}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr fw={700}>
                <Table.Td colSpan={5}>{t("Total")}</Table.Td>
                <Table.Td>{f.price(report.totals.net)}</Table.Td>
                <Table.Td>{f.price(report.totals.tax)}</Table.Td>
                <Table.Td>{f.price(report.totals.gross)}</Table.Td>
                <Table.Td />
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="sm" c="dimmed">
        {t(
          "Evidence to check: orders whose GeoIP country was not their billing country. The billing country's rate was charged; look for a third piece of evidence before filing.",
        )}
      </Text>
    </Stack>
  );
}

export default function AdminTaxesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const countries = (loaderData.countries.result ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }));
  const failed = loaderData.rates.error ?? loaderData.report.error;
  return (
    <AdminPage
      title={t("Taxes")}
      description={t("Tax rates per country and region, charged at checkout, and the tax report for filing.")}
    >
      <Stack gap="xl">
        {failed && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {t(failed)}
          </Alert>
        )}
        <RateForm countries={countries} draft={draft} setDraft={setDraft} />
        <Card component="section" aria-labelledby="tax-rates-title">
          <Stack gap="md">
            <Title order={2} fz="lg" id="tax-rates-title">
              {t("Tax rates")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("Whether prices include tax is a setting: Settings → Payments → Prices include tax.")}
            </Text>
            <Rates
              rates={loaderData.rates.result ?? []}
              onEdit={(r) =>
                setDraft({ id: r._id, country: r.country, region: r.region ?? "", name: r.name, rate: r.rate })
              }
            />
          </Stack>
        </Card>
        <Card component="section" aria-labelledby="tax-report-title">
          <Stack gap="md">
            <Title order={2} fz="lg" id="tax-report-title">
              {t("Tax report")}
            </Title>
            {loaderData.report.result && <Report report={loaderData.report.result} period={loaderData.period} />}
          </Stack>
        </Card>
      </Stack>
    </AdminPage>
  );
}
