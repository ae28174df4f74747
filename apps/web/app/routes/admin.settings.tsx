import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { ErrorBody } from "@marquee/contracts/common";
import { type PaymentStatus, type SettingKey, settingDefinitions } from "@marquee/contracts/settings";
import { IconAlertCircle, IconAlertTriangle, IconInfoCircle, IconRefresh } from "@tabler/icons-react";
import { useId, useState } from "react";
import { useStore } from "react-redux";
import { useRevalidator } from "react-router";
import { AdminPage } from "../components/admin/AdminPage.tsx";
import { type FieldMeta, GroupFields } from "../components/admin/SettingFields.tsx";
import { fields, groupText } from "../components/admin/setting-specs.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded } from "../lib/actions.server.ts";
import {
  type AdminSetting,
  changedSettings,
  type FormValues,
  formValuesFrom,
  isSettingKey,
  keysOfGroup,
  nonEmptyGroups,
  type SettingGroup,
  settingFieldErrors,
  toFormValue,
  validateSettings,
} from "../lib/admin-settings.ts";
import { ApiError, errorMessage, isApiError } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import { normalizeSettings, publicSettingsLoaded } from "../state/settings.ts";
import type { AppStore } from "../state/store.ts";
import type { Route } from "./+types/admin.settings";

export const handle = pages.adminSettings.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Site settings"), t("Branding, menus, maintenance mode, payments and sign-up rules."));
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const [settings, payment] = await Promise.all([
    loaded(api.get<AdminSetting[]>("/admin/settings"), msg("Could not load the settings.")),
    // The gateway running now and the next start's: only a note, so the screen works without it.
    loaded(api.get<PaymentStatus>("/admin/settings/payment"), msg("Could not check the payment gateway.")),
  ]);
  return { ...settings, payment: payment.result };
}

/** What saving one setting gave: its stored value (null for a secret) and whether one is stored, or the API's error. */
type SaveResult =
  | { key: string; ok: true; value: unknown; isSet: boolean }
  | { key: string; ok: false; error: ErrorBody };

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    /** Saves each changed setting on its own, so one refused value does not lose the others. */
    save: async (api, { changes }) => {
      const entries = Object.entries(changes && typeof changes === "object" ? changes : {});
      const results = await Promise.allSettled(
        entries.map(([key, value]) => api.put<AdminSetting>(`/admin/settings/${encodeURIComponent(key)}`, { value })),
      );
      return results.map((result, i): SaveResult => {
        const key = entries[i]?.[0] ?? "";
        if (result.status === "fulfilled") {
          const row = result.value;
          // A secret comes back as null: never fall back to the value sent.
          return { key, ok: true, value: row ? row.value : null, isSet: row?.isSet ?? false };
        }
        const reason = isApiError(result.reason)
          ? result.reason
          : new ApiError({ statusCode: 500, message: errorMessage(result.reason) });
        const { statusCode, error, details, message } = reason;
        return { key, ok: false, error: { statusCode, error, message, ...(details ? { details } : {}) } };
      });
    },
  });
}

const metaOf = (settings: AdminSetting[]): Record<string, FieldMeta> =>
  Object.fromEntries(settings.map((s) => [s.key, { isSet: s.isSet, env: s.env, applies: s.applies }]));

const gatewayName = (name: string | null) =>
  // i18n-exempt: brands; the other names are translated where shown
  name === "stripe" ? "Stripe" : name === "ccbill" ? "CCBill" : name === "sandbox" ? msg("the sandbox") : msg("none");

/** The gateway running now, and what the next start would run with what is saved (or the line it would stop with). */
function PaymentStatusNote({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  const { running, nextStart } = status;
  if (nextStart.problem) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t("The API would not start with these settings")}
        data-testid="payment-status"
      >
        <Text size="sm">{nextStart.problem}</Text>
        <Text size="sm" mt={4}>
          {t("Running now: {{gateway}}. Fix the settings below before restarting the API.", {
            gateway: t(gatewayName(running)),
          })}
        </Text>
      </Alert>
    );
  }
  const same = nextStart.gateway === running;
  return (
    <Alert
      color={same ? "blue" : "orange"}
      variant="light"
      icon={<IconInfoCircle size={18} />}
      data-testid="payment-status"
    >
      <Text size="sm">
        {t("Running now: {{gateway}}.", { gateway: t(gatewayName(running)) })}{" "}
        {same
          ? t("Gateway changes saved here take effect when the API restarts.")
          : t("After a restart of the API: {{gateway}}.", { gateway: t(gatewayName(nextStart.gateway)) })}
      </Text>
    </Alert>
  );
}

function SettingsGroupForm({
  group,
  settings,
  payment,
}: {
  group: SettingGroup;
  settings: AdminSetting[];
  payment?: PaymentStatus | null;
}) {
  const { t } = useTranslation();
  const store = useStore() as AppStore;
  const revalidator = useRevalidator();
  const [meta, setMeta] = useState(() => metaOf(settings));
  const keys = keysOfGroup(group).filter((k) => settings.some((s) => s.key === k));
  const [saved, setSaved] = useState<FormValues>(() => formValuesFrom(settings));
  const { run, busy: saving } = useIntent();
  const form = useForm<FormValues>({ mode: "controlled", initialValues: saved });
  const headingId = useId();
  const text = groupText[group];

  const changes = changedSettings(saved, form.values, keys);
  const dirty = Object.keys(changes).length > 0;

  /** An uploaded picture is saved already: the form and the saved state hold its URL, the site shows it at once. */
  const uploaded = (key: string, value: unknown) => {
    setSaved((current) => ({ ...current, [key]: toFormValue(key, value) }));
    form.setFieldValue(key, toFormValue(key, value));
    setMeta((current) => ({ ...current, [key]: { ...current[key], isSet: true } }));
    const settingsNow = store.getState().settings.data;
    store.dispatch(publicSettingsLoaded(normalizeSettings({ ...settingsNow, [key]: value })));
  };

  const submit = form.onSubmit(async (values) => {
    const toSave = changedSettings(saved, values, keys);
    if (!Object.keys(toSave).length) return;
    const invalid = validateSettings(toSave);
    if (Object.keys(invalid).length) {
      form.setErrors(invalid);
      return;
    }
    const entries = Object.entries(toSave);
    let results: SaveResult[];
    try {
      results = await run<SaveResult[]>("save", { changes: toSave });
    } catch (error) {
      notifications.show({ color: "red", title: t("Settings not saved"), message: errorMessage(error) });
      return;
    }

    const nextSaved = { ...saved };
    const nextMeta = { ...meta };
    let restartNeeded = false;
    const publicChanges: Record<string, unknown> = {};
    const errors: Record<string, string> = {};
    const failures: string[] = [];
    for (const result of results) {
      const { key } = result;
      if (result.ok) {
        const { value } = result;
        // Keep the editor's rows (and their ids) but remember what the server now holds.
        nextSaved[key] = key === "menus" ? values.menus : toFormValue(key, value);
        nextMeta[key] = { ...nextMeta[key], isSet: result.isSet };
        if (nextMeta[key]?.applies === "start") restartNeeded = true;
        if (isSettingKey(key) && settingDefinitions[key].public) publicChanges[key] = value;
      } else {
        const fieldErrors = settingFieldErrors(key, result.error);
        Object.assign(errors, Object.keys(fieldErrors).length ? fieldErrors : { [key]: errorMessage(result.error) });
        const label = fields[key as SettingKey]?.label;
        failures.push(`${label ? t(label) : key}: ${errorMessage(result.error)}`);
      }
    }
    setSaved(nextSaved);
    // Secrets' fields empty again (their new values are stored, never shown) as the saved state holds them.
    for (const key of entries.map(([k]) => k)) {
      if (results.some((r) => r.key === key && r.ok) && nextMeta[key]?.applies === "start") {
        form.setFieldValue(key, nextSaved[key]);
      }
    }
    setMeta(nextMeta);
    // What the next start would do has changed: fetch it again.
    if (restartNeeded) void revalidator.revalidate();
    if (Object.keys(publicChanges).length) {
      // The header, footer and page titles pick the new values up at once.
      const current = store.getState().settings.data;
      store.dispatch(publicSettingsLoaded(normalizeSettings({ ...current, ...publicChanges })));
    }
    if (failures.length) {
      form.setErrors(errors);
      notifications.show({
        color: "red",
        title: failures.length === entries.length ? t("Settings not saved") : t("Some settings were not saved"),
        message: failures.join("\n"),
      });
    } else {
      form.clearErrors();
      notifications.show({
        color: "teal",
        message: restartNeeded
          ? t("Settings saved. Restart the API to apply the gateway settings.")
          : t("Settings saved"),
      });
    }
  });

  return (
    <Card component="section" aria-labelledby={headingId} data-testid={`settings-${group}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} fz="lg" id={headingId}>
                {t(text.title)}
              </Title>
              <Text c="dimmed" size="sm">
                {t(text.description)}
              </Text>
            </div>
            {dirty && (
              <Badge variant="dot" color="orange">
                {t("Unsaved changes")}
              </Badge>
            )}
          </Group>
          {group === "payment" && payment ? <PaymentStatusNote status={payment} /> : null}
          <GroupFields keys={keys} form={form} meta={meta} onUploaded={uploaded} />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!dirty || saving}
              onClick={() => {
                form.setValues(structuredClone(saved));
                form.clearErrors();
              }}
            >
              {t("Discard")}
            </Button>
            <Button type="submit" loading={saving} disabled={!dirty}>
              {t("Save {{group}} settings", { group: t(text.title).toLowerCase() })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SettingsForms({
  settings,
  error,
  payment,
}: {
  settings: AdminSetting[] | null;
  error: string | null;
  payment: PaymentStatus | null;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const load = () => void revalidator.revalidate();

  if (error || !settings) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t("Could not load the settings")}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t(error ?? "Could not load the settings.")}</Text>
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={load}>
            {t("Try again")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="xl">
      {nonEmptyGroups().map((group) => {
        const inGroup = settings.filter((s) => s.group === group && isSettingKey(s.key));
        return inGroup.length ? (
          <SettingsGroupForm key={group} group={group} settings={inGroup} payment={payment} />
        ) : null;
      })}
    </Stack>
  );
}

export default function AdminSettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage
      title={t("Site settings")}
      description={t("Change how the site looks and behaves. Each section saves on its own.")}
    >
      <SettingsForms settings={loaderData.result} error={loaderData.error} payment={loaderData.payment} />
    </AdminPage>
  );
}
