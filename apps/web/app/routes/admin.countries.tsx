import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle, IconAlertTriangle, IconBan, IconRefresh, IconWorld } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { AdminPage } from "../components/admin/AdminPage.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, textOf } from "../lib/actions.server.ts";
import { blockableCountries } from "../lib/admin.ts";
import { errorMessage } from "../lib/api.ts";
import { countryList } from "../lib/lookups.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { RootData } from "../lib/root-types.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.countries";

export const handle = pages.adminCountries.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Country blocking"), t("Block visitors from chosen countries."));
};

interface BlockedCountry {
  countryCode: string;
  name: string;
  createdAt: string;
}

/** The blocked countries, and every country to choose from. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const [blocked, countries] = await Promise.all([
    loaded(api.get<BlockedCountry[]>("/admin/country-block"), msg("Could not load the blocked countries.")),
    loaded(countryList(api), msg("Could not load the country list.")),
  ]);
  return { blocked, countries };
}

export function action({ request, context }: Route.ActionArgs) {
  const one = (code: string) => `/admin/country-block/${encodeURIComponent(code)}`;
  return handleIntents(request, context, {
    block: (api, payload) => api.post("/admin/country-block", { countryCode: textOf(payload, "countryCode") }),
    unblock: (api, payload) => api.del(one(textOf(payload, "countryCode"))),
  });
}

function CountryBlocking({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const revalidator = useRevalidator();
  const { run } = useIntent();
  const countries = data.countries.result ?? [];
  const blocked = data.blocked.result;
  const loadError = data.blocked.error;
  const [selected, setSelected] = useState<string | null>(null);
  const [blocking, setBlocking] = useState(false);
  const [unblocking, setUnblocking] = useState<string | null>(null);
  const load = () => void revalidator.revalidate();

  const countriesError = data.countries.error;
  useEffect(() => {
    if (countriesError) {
      notifications.show({ color: "red", title: t("Could not load the country list"), message: t(countriesError) });
    }
  }, [countriesError, t]);

  const options = useMemo(() => blockableCountries(countries, blocked ?? []), [countries, blocked]);
  const ownCountry = root?.countryCode ?? null;

  const block = async () => {
    if (!selected) return;
    setBlocking(true);
    try {
      const added = await run<BlockedCountry>("block", { countryCode: selected });
      setSelected(null);
      notifications.show({ color: "teal", message: t("{{name}} is now blocked.", { name: added.name }) });
    } catch (error) {
      notifications.show({ color: "red", title: t("Could not block the country"), message: errorMessage(error) });
    } finally {
      setBlocking(false);
    }
  };

  const unblock = async (country: BlockedCountry) => {
    setUnblocking(country.countryCode);
    try {
      await run("unblock", { countryCode: country.countryCode });
      notifications.show({ color: "teal", message: t("{{name}} is no longer blocked.", { name: country.name }) });
    } catch (error) {
      notifications.show({ color: "red", title: t("Could not unblock the country"), message: errorMessage(error) });
    } finally {
      setUnblocking(null);
    }
  };

  return (
    <Stack gap="xl">
      <Card component="section" aria-labelledby="block-country-title">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="block-country-title">
              {t("Block a country")}
            </Title>
            <Text c="dimmed" size="sm">
              {t("Visitors from a blocked country see a notice instead of the site.")}
            </Text>
          </div>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void block();
            }}
          >
            <Group align="flex-end" gap="sm">
              <Select
                size="md"
                label={t("Country to block")}
                placeholder={countries.length ? t("Search countries") : t("Loading countries…")}
                searchable
                clearable
                data={options}
                value={selected}
                onChange={setSelected}
                nothingFoundMessage={t("No country found")}
                style={{ flex: "1 1 280px" }}
                maxDropdownHeight={280}
              />
              <Button
                type="submit"
                size="md"
                color="red"
                leftSection={<IconBan size={18} />}
                disabled={!selected}
                loading={blocking}
              >
                {t("Block")}
              </Button>
            </Group>
          </form>
          {selected && selected === ownCountry && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
              {t("You appear to be browsing from this country. Blocking it will hide the site from you too.")}
            </Alert>
          )}
        </Stack>
      </Card>

      <Card component="section" aria-labelledby="blocked-countries-title" padding={0}>
        <Group justify="space-between" p="xl" pb="md">
          <Title order={2} fz="lg" id="blocked-countries-title">
            {t("Blocked countries")}
          </Title>
          {blocked && (
            <Badge variant="light" color={blocked.length ? "red" : "gray"}>
              {t("{{n}} blocked", { count: blocked.length, n: blocked.length })}
            </Badge>
          )}
        </Group>
        {loadError ? (
          <Alert m="xl" mt={0} color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t(loadError)}</Text>
              <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={load}>
                {t("Try again")}
              </Button>
            </Stack>
          </Alert>
        ) : !blocked ? (
          <Stack p="xl" pt={0} gap="xs" aria-busy="true">
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : blocked.length === 0 ? (
          <Stack align="center" gap={6} p="xl" pt="md" ta="center">
            <IconWorld size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text c="dimmed">{t("No country is blocked. The site is open everywhere.")}</Text>
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm" horizontalSpacing="xl" highlightOnHover aria-label={t("Blocked countries")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("Country")}</Table.Th>
                  <Table.Th>{t("Code")}</Table.Th>
                  <Table.Th>{t("Blocked since")}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t("Actions")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {blocked.map((country) => (
                  <Table.Tr key={country.countryCode} data-testid={`blocked-${country.countryCode}`}>
                    <Table.Td fw={600}>{country.name}</Table.Td>
                    <Table.Td>
                      <Badge variant="default" radius="sm">
                        {country.countryCode}
                      </Badge>
                    </Table.Td>
                    <Table.Td c="dimmed">{f.date(country.createdAt)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => void unblock(country)}
                        loading={unblocking === country.countryCode}
                        aria-label={t("Unblock {{name}}", { name: country.name })}
                      >
                        {t("Unblock")}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}

export default function AdminCountriesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("Country blocking")} description={t("Choose the countries the site is not available in.")}>
      <CountryBlocking data={loaderData} />
    </AdminPage>
  );
}
