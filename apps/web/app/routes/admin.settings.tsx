import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { ErrorBody } from "@marquee/contracts/common";
import { type SettingKey, settingDefinitions } from "@marquee/contracts/settings";
import { IconAlertCircle, IconRefresh } from "@tabler/icons-react";
import { useId, useState } from "react";
import { useStore } from "react-redux";
import { useRevalidator } from "react-router";
import { AdminPage } from "../components/admin/AdminPage.tsx";
import { fields, GroupFields, groupText } from "../components/admin/SettingFields.tsx";
import { handleIntents, loadedGet } from "../lib/actions.server.ts";
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
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import { normalizeSettings, publicSettingsLoaded } from "../state/settings.ts";
import type { AppStore } from "../state/store.ts";
import type { Route } from "./+types/admin.settings";

export const handle = pages.adminSettings.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Site settings", "Branding, menus, maintenance mode, payments and sign-up rules.");

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadedGet<AdminSetting[]>(request, context, "/admin/settings", undefined, "Could not load the settings.");
}

/** What saving one setting gave: its stored value, or the API's error. */
type SaveResult = { key: string; ok: true; value: unknown } | { key: string; ok: false; error: ErrorBody };

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
        if (result.status === "fulfilled") return { key, ok: true, value: result.value?.value ?? entries[i]?.[1] };
        const reason = isApiError(result.reason)
          ? result.reason
          : new ApiError({ statusCode: 500, message: errorMessage(result.reason) });
        const { statusCode, error, details, message } = reason;
        return { key, ok: false, error: { statusCode, error, message, ...(details ? { details } : {}) } };
      });
    },
  });
}

function SettingsGroupForm({ group, settings }: { group: SettingGroup; settings: AdminSetting[] }) {
  const store = useStore() as AppStore;
  const keys = keysOfGroup(group).filter((k) => settings.some((s) => s.key === k));
  const [saved, setSaved] = useState<FormValues>(() => formValuesFrom(settings));
  const { run, busy: saving } = useIntent();
  const form = useForm<FormValues>({ mode: "controlled", initialValues: saved });
  const headingId = useId();
  const text = groupText[group];

  const changes = changedSettings(saved, form.values, keys);
  const dirty = Object.keys(changes).length > 0;

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
      notifications.show({ color: "red", title: "Settings not saved", message: errorMessage(error) });
      return;
    }

    const nextSaved = { ...saved };
    const publicChanges: Record<string, unknown> = {};
    const errors: Record<string, string> = {};
    const failures: string[] = [];
    for (const result of results) {
      const { key } = result;
      if (result.ok) {
        const { value } = result;
        // Keep the editor's rows (and their ids) but remember what the server now holds.
        nextSaved[key] = key === "menus" ? values.menus : toFormValue(key, value);
        if (isSettingKey(key) && settingDefinitions[key].public) publicChanges[key] = value;
      } else {
        const fieldErrors = settingFieldErrors(key, result.error);
        Object.assign(errors, Object.keys(fieldErrors).length ? fieldErrors : { [key]: errorMessage(result.error) });
        failures.push(`${fields[key as SettingKey]?.label ?? key}: ${errorMessage(result.error)}`);
      }
    }
    setSaved(nextSaved);
    if (Object.keys(publicChanges).length) {
      // The header, footer and page titles pick the new values up at once.
      const current = store.getState().settings.data;
      store.dispatch(publicSettingsLoaded(normalizeSettings({ ...current, ...publicChanges })));
    }
    if (failures.length) {
      form.setErrors(errors);
      notifications.show({
        color: "red",
        title: failures.length === entries.length ? "Settings not saved" : "Some settings were not saved",
        message: failures.join("\n"),
      });
    } else {
      form.clearErrors();
      notifications.show({ color: "teal", message: "Settings saved" });
    }
  });

  return (
    <Card component="section" aria-labelledby={headingId} data-testid={`settings-${group}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} fz="lg" id={headingId}>
                {text.title}
              </Title>
              <Text c="dimmed" size="sm">
                {text.description}
              </Text>
            </div>
            {dirty && (
              <Badge variant="dot" color="orange">
                Unsaved changes
              </Badge>
            )}
          </Group>
          <GroupFields keys={keys} form={form} />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!dirty || saving}
              onClick={() => {
                form.setValues(structuredClone(saved));
                form.clearErrors();
              }}
            >
              Discard
            </Button>
            <Button type="submit" loading={saving} disabled={!dirty}>
              Save {text.title.toLowerCase()} settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SettingsForms({ settings, error }: { settings: AdminSetting[] | null; error: string | null }) {
  const revalidator = useRevalidator();
  const load = () => void revalidator.revalidate();

  if (error || !settings) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Could not load the settings">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{error ?? "Could not load the settings."}</Text>
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={load}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="xl">
      {nonEmptyGroups().map((group) => {
        const inGroup = settings.filter((s) => s.group === group && isSettingKey(s.key));
        return inGroup.length ? <SettingsGroupForm key={group} group={group} settings={inGroup} /> : null;
      })}
    </Stack>
  );
}

export default function AdminSettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="Site settings"
      description="Change how the site looks and behaves. Each section saves on its own."
    >
      <SettingsForms settings={loaderData.result} error={loaderData.error} />
    </AdminPage>
  );
}
