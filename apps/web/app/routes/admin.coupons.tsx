import {
  Badge,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type Coupon, couponBody } from "@marquee/contracts/payments";
import { IconCalendarEvent, IconEdit, IconPlus, IconTicket } from "@tabler/icons-react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { DataTable, EditModal, ListPanel, Pager, RowAction, RowActions } from "../components/admin/ManageList.tsx";
import { useOpenItem, useSaveIntent } from "../components/admin/use-manage.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, saveDeleteIntents } from "../lib/actions.server.ts";
import { oneOf, pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { fromLocalInput, schemaErrors, toLocalInput } from "../lib/studio.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.coupons";

export const handle = pages.adminCoupons.handle;

const DESCRIPTION = msg("Discount codes members type at checkout: how much off, until when, how many uses, on or off.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Coupons"), t(DESCRIPTION));
};

const PAGE_SIZE = 25;

type Filter = "all" | "usable";
const filterOf = (params: URLSearchParams) => oneOf<Filter>(params, "show", ["all", "usable"], "all");

/** A page of coupons, newest first; `show=usable` keeps the switched-on, unexpired ones. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = pageOf(params);
  const list = await loaded(
    sessionApi(request, context).get<{ data: Coupon[]; total: number }>("/admin/coupons", {
      active: filterOf(params) === "usable" ? "true" : undefined,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    msg("Could not load the coupons."),
  );
  return { list, page };
}

export function action({ request, context }: Route.ActionArgs) {
  const { save } = saveDeleteIntents("/admin/coupons");
  return handleIntents(request, context, { save });
}

interface CouponFormValues {
  code: string;
  /** Percent off, 1..99, as admins think of it. */
  percent: number | string;
  /** `datetime-local`; empty: never expires. */
  expiresAt: string;
  /** Empty: unlimited. */
  remainingUses: number | string;
  active: boolean;
}

const formValues = (c: Coupon | null): CouponFormValues => ({
  code: c?.code ?? "",
  percent: c ? Math.round(c.value * 100) : 10,
  expiresAt: toLocalInput(c?.expiresAt),
  remainingUses: c?.remainingUses ?? "",
  active: c?.active ?? true,
});

const numberOrNull = (v: number | string) => (v === "" || v === null ? null : Number(v));

/** The API's body: the percentage as a fraction (20% is 0.2). */
function requestBody(v: CouponFormValues): z.input<typeof couponBody> {
  const percent = numberOrNull(v.percent);
  return {
    code: v.code.trim(),
    value: percent === null ? Number.NaN : Math.round(percent) / 100,
    expiresAt: v.expiresAt ? fromLocalInput(v.expiresAt) : null,
    remainingUses: numberOrNull(v.remainingUses),
    active: v.active,
  };
}

/** The API's field names on the form's fields (`value` is entered as `percent`). */
const fieldOf = (key: string) => (key === "value" ? "percent" : key);

function CouponForm({
  coupon,
  onSaved,
  onCancel,
}: {
  coupon: Coupon | null;
  onSaved: (coupon: Coupon, created: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<CouponFormValues>({
    initialValues: formValues(coupon),
    validate: (values) => {
      const errors = schemaErrors(couponBody, requestBody(values), fieldOf);
      if (values.expiresAt && !fromLocalInput(values.expiresAt)) errors.expiresAt = t("Enter a date and time");
      return errors;
    },
  });
  const { submit, saving } = useSaveIntent(form, coupon, requestBody, onSaved, t("Could not save the coupon"));

  return (
    <form onSubmit={submit} noValidate aria-label={t("Coupon")}>
      <Stack gap="md">
        <TextInput
          label={t("Code")}
          description={t("Letters, digits, - and _; members type it in any case.")}
          required
          data-autofocus
          key={form.key("code")}
          {...form.getInputProps("code")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t("Discount")}
            description={t("Taken off the price at checkout.")}
            suffix="%"
            min={1}
            max={99}
            allowDecimal={false}
            required
            key={form.key("percent")}
            {...form.getInputProps("percent")}
          />
          <NumberInput
            label={t("Uses left")}
            description={t("Empty: unlimited. One use per member.")}
            min={0}
            allowDecimal={false}
            key={form.key("remainingUses")}
            {...form.getInputProps("remainingUses")}
          />
        </SimpleGrid>
        <TextInput
          type="datetime-local"
          label={t("Expires")}
          description={t("Empty: never.")}
          leftSection={<IconCalendarEvent size={16} />}
          key={form.key("expiresAt")}
          {...form.getInputProps("expiresAt")}
        />
        <Switch label={t("Active")} key={form.key("active")} {...form.getInputProps("active", { type: "checkbox" })} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t("Cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {coupon ? t("Save coupon") : t("Create coupon")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function state(c: Coupon): { label: string; color: string } {
  // "Off" is keyed "Coupon off": the other areas' "Off" is a switch's state.
  if (!c.active) return { label: msg("Coupon off"), color: "gray" };
  if (c.expiresAt && new Date(c.expiresAt) <= new Date()) return { label: msg("Expired"), color: "orange" };
  if (c.remainingUses === 0) return { label: msg("Used up"), color: "orange" };
  return { label: msg("Active"), color: "teal" };
}

function Coupons({ data: { list, page } }: { data: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const revalidator = useRevalidator();
  const { params, setFilter, setPage, loading } = useListParams();
  const show = filterOf(params);
  const rows = list.result?.data ?? [];
  const { open: editing, setOpen: setEditing, current } = useOpenItem(list.result?.data);

  const onSaved = (coupon: Coupon, created: boolean) => {
    setEditing(null);
    notifications.show({
      color: "teal",
      message: created
        ? t("Coupon {{code}} created.", { code: coupon.code })
        : t("Coupon {{code}} saved.", { code: coupon.code }),
    });
  };

  return (
    <AdminPage
      title={t("Coupons")}
      description={t(DESCRIPTION)}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          {t("New coupon")}
        </Button>
      }
    >
      <SegmentedControl
        aria-label={t("Show")}
        data={[
          { value: "all", label: t("All") },
          { value: "usable", label: t("Usable now") },
        ]}
        value={show}
        onChange={(value) => setFilter("show", value)}
        style={{ alignSelf: "flex-start" }}
      />
      <ListPanel
        label={t("Coupons")}
        error={list.error}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={rows.length}
        empty={{ icon: IconTicket, message: t("No coupons here yet.") }}
      >
        <DataTable
          label={t("Coupons")}
          minWidth={680}
          busy={loading}
          columns={[
            { label: t("Code") },
            { label: t("Discount"), right: true },
            { label: t("Expires") },
            { label: t("Uses left"), right: true },
            { label: t("State") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {rows.map((c) => {
            const s = state(c);
            return (
              <Table.Tr key={c._id} data-testid={`coupon-row-${c.code}`}>
                <Table.Td>
                  <Text fw={600} size="sm" ff="monospace">
                    {c.code}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{Math.round(c.value * 100)}%</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{c.expiresAt ? f.date(c.expiresAt) : t("Never")}</Table.Td>
                <Table.Td ta="right">{c.remainingUses ?? t("Unlimited")}</Table.Td>
                <Table.Td>
                  <Badge color={s.color} variant="light">
                    {t(s.label, { defaultValue: s.label === "Coupon off" ? "Off" : s.label })}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <RowActions>
                    <RowAction
                      tooltip={t("Edit coupon")}
                      label={t("Edit {{name}}", { name: c.code })}
                      icon={IconEdit}
                      onClick={() => setEditing(c)}
                    />
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      </ListPanel>
      <Pager total={list.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
      <EditModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? t("New coupon") : t("Edit coupon")}
      >
        {editing !== null && (
          <CouponForm
            key={current?._id ?? "new"}
            coupon={current}
            onSaved={onSaved}
            onCancel={() => setEditing(null)}
          />
        )}
      </EditModal>
    </AdminPage>
  );
}

export default function AdminCouponsPage({ loaderData }: Route.ComponentProps) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <Coupons data={loaderData} />;
}
