import {
  Alert,
  Badge,
  Box,
  Button,
  Collapse,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconAdjustmentsHorizontal, IconAlertCircle, IconSearch, IconX } from "@tabler/icons-react";
import { type FormEvent, useEffect, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useNavigate, useNavigation } from "react-router";
import browseStyles from "../components/browse/browse.module.css";
import { CardGrid } from "../components/catalogue/CardGrid.tsx";
import { type PerformerCardData, performerCardData } from "../components/catalogue/card-data.ts";
import { LoadMore } from "../components/catalogue/LoadMore.tsx";
import { PerformerCard } from "../components/catalogue/PerformerCard.tsx";
import { Drawer } from "../components/DeferredDrawer.tsx";
import type { TFunction } from "../i18n/i18n.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { cachedLookup, categoriesOf, optional, throwIfNoAnswer } from "../lib/catalogue.server.ts";
import {
  ATTRIBUTE_FILTERS,
  activePerformerFilterCount,
  defaultPerformerFilters,
  optionText,
  PERFORMER_SORT_OPTIONS,
  type PerformerFilters,
  type PerformerOptions,
  parsePerformerFilters,
  performerFiltersToApiQuery,
  performerFiltersToSearch,
} from "../lib/performer-filters.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { type PerformerPage, performerListingReceived, searchPerformers } from "../state/performerListing.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/performers";

export const handle = pages.performers.handle;

const HOUR = 3_600_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const url = new URL(request.url);
  const [options, countries, categories] = await Promise.all([
    optional(
      "GET /user-additional",
      cachedLookup("user-additional", HOUR, () => api.get<PerformerOptions>("/user-additional")),
    ),
    optional(
      "GET /countries/list",
      cachedLookup("countries", HOUR, () => api.get<Array<{ code: string; name: string }>>("/countries/list")),
    ),
    optional("GET /user/assets/categories/search", categoriesOf(api, "performer")),
  ]);
  const filters = parsePerformerFilters(url.searchParams, options);
  const categoryId = categories?.find((c) => c.slug === filters.category)?._id ?? null;
  const query = performerFiltersToApiQuery(filters, categoryId);
  let page: PerformerPage | null = null;
  let error: string | null = null;
  try {
    const found = await api.get<PerformerPage>("/performers/search", query);
    // What the cards show, not each performer's whole profile: the page's HTML carries its data once more.
    page = { ...found, data: found.data.map(performerCardData) };
  } catch (e) {
    throwIfNoAnswer(e);
    error = e instanceof Error ? e.message : msg("Could not load performers.");
  }
  return {
    filters,
    query,
    key: performerFiltersToSearch(filters),
    page,
    error,
    options,
    countries: (countries ?? []).map((c) => ({ value: c.code, label: c.name })),
    categories: (categories ?? []).map((c) => ({ value: c.slug, label: c.name })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return seoMeta(matches, {
    title: t("Performers"),
    description: t("Discover performers: search by name and filter by gender, country, category and more."),
  });
};

/** Skip re-fetching the lookups' worth of data when nothing in the URL changed (e.g. a hash link). */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return false;
  return defaultShouldRevalidate;
}

const toOptions = (options: PerformerOptions | null, list: keyof PerformerOptions, t: TFunction) =>
  (options?.[list] ?? []).map((o) => ({ value: o.value, label: optionText(list, o, t) }));

/**
 * A filter is the phone's own picker (and the keyboard's type-to-find on a computer), led by its "any" choice: no
 * dropdown layer to download, position and scroll on the directory's first load.
 */
function FilterSelect({
  any,
  data,
  value,
  onChange,
  ...rest
}: {
  label: string;
  any: string;
  data: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
}) {
  return (
    <NativeSelect
      {...rest}
      data={[{ value: "", label: any }, ...data]}
      value={value ?? ""}
      onChange={(e) => onChange(e.currentTarget.value || null)}
    />
  );
}

export default function PerformersPage({ loaderData }: Route.ComponentProps) {
  const { filters, query, key, page, error, options, countries, categories } = loaderData;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => s.performerListing);
  const [q, setQ] = useState(filters.q);
  const [moreOpen, setMoreOpen] = useState(() => ATTRIBUTE_FILTERS.some((f) => filters.attributes[f.param]));
  // On a phone the filters sit behind one button, so the first screen shows performers.
  const [filtersOpen, setFiltersOpen] = useState(false);

  // The server's page is the store's first load for these filters.
  useEffect(() => {
    if (page) dispatch(performerListingReceived({ key, page }));
  }, [dispatch, key, page]);
  useEffect(() => setQ(filters.q), [filters.q]);

  const view =
    stored.data?.key === key
      ? stored.data
      : {
          items: page?.data ?? ([] as PerformerCardData[]),
          total: page?.total ?? 0,
          totalCapped: page?.totalCapped ?? false,
          next: page?.next ?? null,
        };
  const loadingMore = stored.requesting && stored.data?.key === key;
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/performers";

  const apply = (next: PerformerFilters) => {
    void navigate(`/performers${performerFiltersToSearch(next)}`, { preventScrollReset: true });
  };
  const set = (patch: Partial<PerformerFilters>) => apply({ ...filters, q, ...patch });
  const setAttribute = (param: (typeof ATTRIBUTE_FILTERS)[number]["param"], value: string | null) => {
    const attributes = { ...filters.attributes };
    if (value) attributes[param] = value;
    else delete attributes[param];
    set({ attributes });
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    set({ q: q.trim() });
  };
  const active = activePerformerFilterCount(filters);
  const attributeCount = ATTRIBUTE_FILTERS.filter((f) => filters.attributes[f.param]).length;

  /** The filters, beside the results from a tablet up and in a drawer on a phone (`where` keeps their ids apart). */
  const filterFields = (where: "" | "-drawer") => (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <FilterSelect
          label={t("Gender")}
          any={t("Any gender")}
          data={toOptions(options, "genders", t)}
          value={filters.gender}
          onChange={(gender) => set({ gender })}
        />
        <FilterSelect
          label={t("Country")}
          any={t("Any country")}
          data={countries}
          value={filters.country}
          onChange={(country) => set({ country })}
        />
        <FilterSelect
          label={t("Category")}
          any={t("Any category")}
          data={categories}
          value={filters.category}
          onChange={(category) => set({ category })}
          disabled={!categories.length}
        />
        <Button
          variant="default"
          size="md"
          mt={{ base: 0, md: 25 }}
          leftSection={<IconAdjustmentsHorizontal size={18} />}
          rightSection={attributeCount ? <Badge size="sm">{attributeCount}</Badge> : null}
          onClick={() => setMoreOpen((o) => !o)}
          aria-expanded={moreOpen}
          aria-controls={`performer-attribute-filters${where}`}
        >
          {moreOpen ? t("Fewer filters") : t("More filters")}
        </Button>
      </SimpleGrid>
      <Collapse expanded={moreOpen} id={`performer-attribute-filters${where}`}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
          {ATTRIBUTE_FILTERS.map((f) => (
            <FilterSelect
              key={f.param}
              label={t(f.label)}
              any={t("Any")}
              data={toOptions(options, f.list, t)}
              value={filters.attributes[f.param] ?? null}
              onChange={(value) => setAttribute(f.param, value)}
            />
          ))}
        </SimpleGrid>
      </Collapse>
    </>
  );

  return (
    <Container size="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end" gap="md">
          <div>
            <Title order={1}>{t("Performers")}</Title>
            <Text c="dimmed" mt={4} data-testid="performers-total">
              {page
                ? filters.q
                  ? t("{{performers}} performers matching “{{q}}”", {
                      count: view.total,
                      performers: `${view.total}${view.totalCapped ? "+" : ""}`,
                      q: filters.q,
                    })
                  : t("{{performers}} performers", {
                      count: view.total,
                      performers: `${view.total}${view.totalCapped ? "+" : ""}`,
                    })
                : t("Creators to discover and follow.")}
            </Text>
          </div>
          <NativeSelect
            label={t("Sort by")}
            data={PERFORMER_SORT_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
            value={filters.sort}
            onChange={(e) => set({ sort: e.currentTarget.value as PerformerFilters["sort"] })}
            w={190}
          />
        </Group>

        <Stack gap="sm" component="section" aria-label={t("Filters")}>
          <search>
            <form onSubmit={onSearch}>
              <Group gap="sm" align="flex-end" wrap="nowrap">
                <TextInput
                  label={t("Search performers")}
                  placeholder={t("Name or username")}
                  leftSection={<IconSearch size={18} />}
                  value={q}
                  onChange={(e) => setQ(e.currentTarget.value)}
                  style={{ flex: 1 }}
                  maxLength={200}
                  type="search"
                />
                <Button type="submit" size="md" loading={searching}>
                  {t("Search")}
                </Button>
              </Group>
            </form>
          </search>
          <Button
            hiddenFrom="sm"
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} />}
            rightSection={active ? <Badge size="sm">{active}</Badge> : null}
            onClick={() => setFiltersOpen(true)}
            aria-haspopup="dialog"
            aria-expanded={filtersOpen}
            aria-controls="performer-filters-drawer"
          >
            {t("Filters")}
          </Button>
          <Box id="performer-filters" visibleFrom="sm" className={browseStyles.phoneCollapsible}>
            {filterFields("")}
          </Box>
          {/* On a phone the filters open over the results instead of pushing them off the screen. */}
          <Drawer
            opened={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            title={t("Filters")}
            position="right"
            size="85%"
            hiddenFrom="sm"
            id="performer-filters-drawer"
            zIndex={300}
          >
            <Stack gap="sm">
              {filterFields("-drawer")}
              <Button fullWidth mt="sm" onClick={() => setFiltersOpen(false)}>
                {t("Show {{performers}} performers", {
                  count: view.total,
                  performers: `${view.total}${view.totalCapped ? "+" : ""}`,
                })}
              </Button>
            </Stack>
          </Drawer>
          {(active > 0 || filters.q) && (
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconX size={14} />}
                onClick={() => {
                  setQ("");
                  apply({ ...defaultPerformerFilters, sort: filters.sort });
                }}
              >
                {t("Clear filters")}
              </Button>
            </Group>
          )}
        </Stack>

        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("Performers could not be loaded")}>
            {/* The API's message as it comes, or this page's own (marked with msg()). */}
            {t(error)}
          </Alert>
        )}

        <div aria-busy={searching} style={{ opacity: searching ? 0.6 : 1, transition: "opacity 120ms" }}>
          {/* The cards' names are headings of the third level, under this one (heading order). */}
          <VisuallyHidden component="h2">{t("All performers")}</VisuallyHidden>
          {!error && (
            <CardGrid
              variant="performers"
              label={t("Performers")}
              testId="performer-results"
              empty={
                <Stack gap={4} align="center">
                  <Text fw={600}>{t("No performers match these filters.")}</Text>
                  <Text size="sm" c="dimmed">
                    {t("Try another name, or clear some filters.")}
                  </Text>
                </Stack>
              }
            >
              {view.items.map((p, i) => (
                <PerformerCard key={p._id} performer={p} eager={i < 6} />
              ))}
            </CardGrid>
          )}
          <LoadMore
            hasMore={!!view.next}
            loading={loadingMore}
            shown={view.items.length}
            total={view.total}
            totalCapped={view.totalCapped}
            error={stored.data?.key === key ? (stored.error?.message ?? null) : null}
            onClick={() => {
              if (!view.next) return;
              if (stored.data?.key !== key && page) dispatch(performerListingReceived({ key, page }));
              void dispatch(searchPerformers({ key, query, cursor: view.next }));
            }}
          />
        </div>
      </Stack>
    </Container>
  );
}
