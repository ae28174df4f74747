import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { Offer } from "@marquee/contracts/offers";
import {
  packageBody,
  packageTypes,
  packageUpdateBody,
  type SubscriptionPackage,
} from "@marquee/contracts/subscriptions";
import { IconCrown, IconPencil, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { DataTable, EditModal, ListPanel } from "../components/admin/ManageList.tsx";
import { useOpenItem, useSaveIntent } from "../components/admin/use-manage.tsx";
import { OfferForm } from "../components/promotions/OfferForm.tsx";
import { OfferList } from "../components/promotions/OfferList.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loadedGet, saveDeleteIntents } from "../lib/actions.server.ts";
import { packageTerms } from "../lib/memberships.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { schemaErrors } from "../lib/studio.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.packages";

export const handle = pages.adminPackages.handle;

const DESCRIPTION = msg("The site membership packages members join: one-off, renewing, or a free trial.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Membership packages"), t(DESCRIPTION));
};

const TYPE_LABELS: Record<SubscriptionPackage["type"], string> = {
  single: msg("Paid once"),
  recurring: msg("Renews"),
  trial: msg("Free trial"),
};

/** Every package, active or not, in the members' order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [packages, offers] = await Promise.all([
    loadedGet<{ data: SubscriptionPackage[] }>(
      request,
      context,
      "/admin/packages",
      { limit: 100 },
      msg("Could not load the packages."),
    ),
    loadedGet<{ data: Offer[] }>(request, context, "/admin/offers", {}, msg("Could not load the offers.")),
  ]);
  return { ...packages, offers };
}

export function action({ request, context }: Route.ActionArgs) {
  const { save } = saveDeleteIntents("/admin/packages");
  return handleIntents(request, context, {
    save,
    // Offers on a package (issue 24 section 3): made on one package, stopped or offered again.
    createOffer: (api, { packageId, body }) => api.post(`/admin/packages/${String(packageId)}/offers`, body),
    setOfferActive: (api, { id, active }) => api.put(`/admin/offers/${String(id)}`, { active }),
  });
}

/** The packages' offers: a new one on a chosen package, and the list with each one's link and claims. */
function PackageOffers({
  packages,
  offers,
}: {
  packages: SubscriptionPackage[];
  offers: Route.ComponentProps["loaderData"]["offers"];
}) {
  const { t } = useTranslation();
  const { run, busy } = useIntent();
  const paid = packages.filter((p) => p.type !== "trial");
  const [packageId, setPackageId] = useState<string | null>(paid[0]?._id ?? null);
  const nameOf = (id: string | null) => packages.find((p) => p._id === id)?.name ?? "";
  return (
    <Stack gap="md">
      <Card component="section" aria-labelledby="package-offer-title" padding="md" withBorder>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="package-offer-title">
            {t("New offer on a package")}
          </Title>
          <Select
            label={t("Package")}
            value={packageId}
            onChange={setPackageId}
            allowDeselect={false}
            data={paid.map((p) => ({ value: p._id, label: p.name }))}
          />
          <OfferForm performer={false} create={(body) => run("createOffer", { packageId: packageId ?? "", body })} />
        </Stack>
      </Card>
      <OfferList
        label={t("Offers on packages")}
        offers={offers}
        run={run}
        busy={busy}
        rowTestId="package-offer"
        packageName={(o) => nameOf(o.packageId)}
      />
    </Stack>
  );
}

interface PackageFormValues {
  name: string;
  description: string;
  type: SubscriptionPackage["type"];
  price: number | string;
  initialPeriodDays: number | string;
  recurringPeriodDays: number | string;
  ordering: number | string;
  active: boolean;
}

const formValues = (p: SubscriptionPackage | null): PackageFormValues => ({
  name: p?.name ?? "",
  description: p?.description ?? "",
  type: p?.type ?? "recurring",
  price: p?.price ?? 9.99,
  initialPeriodDays: p?.initialPeriodDays ?? 30,
  recurringPeriodDays: p?.recurringPeriodDays ?? "",
  ordering: p?.ordering ?? 0,
  active: p?.active ?? true,
});

const num = (v: number | string) => (v === "" ? undefined : Number(v));

/** What the form sends: a new package with its type; a change without it (a package keeps its type). */
function requestBody(v: PackageFormValues, creating: boolean) {
  const body = {
    name: v.name.trim(),
    description: v.description.trim(),
    price: v.type === "trial" ? 0 : num(v.price),
    initialPeriodDays: num(v.initialPeriodDays),
    recurringPeriodDays: v.type === "recurring" ? (num(v.recurringPeriodDays) ?? null) : null,
    ordering: num(v.ordering) ?? 0,
    active: v.active,
  };
  return creating ? { ...body, type: v.type } : body;
}

function PackageForm({
  pack,
  onSaved,
  onCancel,
}: {
  pack: SubscriptionPackage | null;
  onSaved: (p: SubscriptionPackage, created: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const creating = !pack;
  const form = useForm<PackageFormValues>({
    initialValues: formValues(pack),
    validate: (values) => schemaErrors(creating ? packageBody : packageUpdateBody, requestBody(values, creating)),
  });
  const toBody = (v: PackageFormValues) => requestBody(v, creating);
  const { submit, saving } = useSaveIntent(form, pack, toBody, onSaved, t("Could not save the package"));
  const type = form.values.type;
  return (
    <form onSubmit={submit} noValidate aria-label={t("Package")}>
      <Stack gap="md">
        <TextInput label={t("Name")} required data-autofocus key={form.key("name")} {...form.getInputProps("name")} />
        <Textarea
          label={t("Description")}
          autosize
          minRows={2}
          maxRows={5}
          key={form.key("description")}
          {...form.getInputProps("description")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("Kind")}
            size="md"
            data={packageTypes.map((type) => ({ value: type, label: t(TYPE_LABELS[type]) }))}
            allowDeselect={false}
            disabled={!creating}
            description={creating ? t("Fixed once made.") : t("A package keeps its kind.")}
            key={form.key("type")}
            {...form.getInputProps("type")}
          />
          <NumberInput
            label={t("Price")}
            size="md"
            min={0}
            decimalScale={2}
            disabled={type === "trial"}
            description={type === "trial" ? t("A trial is free.") : t("Charged for each period.")}
            key={form.key("price")}
            {...form.getInputProps("price")}
          />
          <NumberInput
            label={t("First period (days)")}
            size="md"
            min={1}
            max={3660}
            allowDecimal={false}
            key={form.key("initialPeriodDays")}
            {...form.getInputProps("initialPeriodDays")}
          />
          {type === "recurring" && (
            <NumberInput
              label={t("Renews every (days)")}
              size="md"
              min={1}
              max={3660}
              allowDecimal={false}
              description={t("Empty: the same as the first period.")}
              key={form.key("recurringPeriodDays")}
              {...form.getInputProps("recurringPeriodDays")}
            />
          )}
        </SimpleGrid>
        <Group align="flex-end" justify="space-between">
          <NumberInput
            label={t("Order")}
            size="md"
            description={t("Lower numbers come first.")}
            min={0}
            max={10000}
            allowDecimal={false}
            w={180}
            key={form.key("ordering")}
            {...form.getInputProps("ordering")}
          />
          <Switch
            label={t("Offered")}
            mb={8}
            key={form.key("active")}
            {...form.getInputProps("active", { type: "checkbox" })}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t("Changes apply to new members; running memberships keep the price they were sold at.")}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t("Cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {creating ? t("Create package") : t("Save package")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Packages({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const { result, error } = data;
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const f = useFormat();
  const { open: editing, setOpen: setEditing, current } = useOpenItem(result?.data);
  const onSaved = (p: SubscriptionPackage, created: boolean) => {
    setEditing(null);
    notifications.show({
      color: "teal",
      message: created
        ? t("Package “{{name}}” created.", { name: p.name })
        : t("Package “{{name}}” saved.", { name: p.name }),
    });
  };
  return (
    <AdminPage
      title={t("Membership packages")}
      description={t(DESCRIPTION)}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          {t("New package")}
        </Button>
      }
    >
      <ListPanel
        label={t("Packages")}
        error={error}
        onRetry={() => void revalidator.revalidate()}
        ready={!!result}
        count={result?.data.length}
        empty={{ icon: IconCrown, message: t("No packages yet.") }}
      >
        <DataTable
          label={t("Packages")}
          minWidth={720}
          columns={[
            { label: t("Name") },
            { label: t("Terms") },
            { label: t("Price"), right: true },
            { label: t("Order"), right: true },
            { label: t("Status") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {result?.data.map((p) => (
            <Table.Tr key={p._id} data-testid={`package-row-${p._id}`}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {p.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(TYPE_LABELS[p.type])}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{packageTerms(p)}</Text>
              </Table.Td>
              <Table.Td ta="right">{f.price(p.price)}</Table.Td>
              <Table.Td ta="right">{p.ordering}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={p.active ? "teal" : "gray"}>
                  {p.active ? t("Offered") : t("Hidden")}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPencil size={14} />}
                  aria-label={t("Edit {{name}}", { name: p.name })}
                  onClick={() => setEditing(p)}
                >
                  {t("Edit")}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListPanel>
      <EditModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? t("New package") : t("Edit package")}
      >
        {editing !== null && (
          <PackageForm key={current?._id ?? "new"} pack={current} onSaved={onSaved} onCancel={() => setEditing(null)} />
        )}
      </EditModal>
      {result && <PackageOffers packages={result.data} offers={data.offers} />}
    </AdminPage>
  );
}

export default function AdminPackagesPage({ loaderData }: Route.ComponentProps) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <Packages data={loaderData} />;
}
