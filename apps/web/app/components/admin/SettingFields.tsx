import {
  Badge,
  Button,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type { SettingKey } from "@marquee/contracts/settings";
import type { ReactNode } from "react";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { CLEAR_SECRET } from "../../lib/admin-settings.ts";

import { ImageSettingField } from "./ImageSettingField.tsx";
import { MenuEditor, type SettingsForm } from "./MenuEditor.tsx";
import { type FieldSpec, fields } from "./setting-specs.ts";

const gatewayOptions = [
  { value: "sandbox", label: msg("Sandbox (test payments only)") },
  // i18n-exempt: a brand
  { value: "stripe", label: "Stripe" },
  // i18n-exempt: a brand
  { value: "ccbill", label: "CCBill" },
];

/** What the screen knows of a setting beyond its value (GET /admin/settings). */
export type FieldMeta = { isSet?: boolean; env?: string | null; applies?: "now" | "start" };

const envNote = msg("Set by {{env}} in the API's environment, which wins over this setting.");

/** A secret: never shown, only whether one is stored; typing replaces it, Clear removes it. */
function SecretField({
  settingKey,
  form,
  spec,
  meta,
}: {
  settingKey: SettingKey;
  form: SettingsForm;
  spec: FieldSpec;
  meta: FieldMeta;
}) {
  const { t } = useTranslation();
  const value = form.values[settingKey];
  const clearing = !!value && typeof value === "object";
  const state = clearing ? t("cleared on save") : meta.isSet ? t("set") : t("not set");
  return (
    <PasswordInput
      label={
        <Group gap={6} component="span" wrap="nowrap">
          <span>{t(spec.label)}</span>
          <Badge
            size="xs"
            variant="light"
            color={clearing ? "orange" : meta.isSet ? "teal" : "gray"}
            data-testid={`secret-state-${settingKey}`}
          >
            {state}
          </Badge>
        </Group>
      }
      description={spec.description && t(spec.description)}
      placeholder={meta.isSet && !clearing ? t("Stored: type to replace it") : t("Not set")}
      autoComplete="new-password"
      value={clearing ? "" : typeof value === "string" ? value : ""}
      onChange={(event) => form.setFieldValue(settingKey, event.currentTarget.value)}
      error={form.errors[settingKey]}
      rightSectionWidth={meta.isSet && !clearing ? 96 : undefined}
      inputWrapperOrder={["label", "description", "input", "error"]}
      {...(meta.isSet && !clearing
        ? {
            rightSection: (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={t("Clear {{label}}", { label: t(spec.label) })}
                onClick={() => form.setFieldValue(settingKey, { ...CLEAR_SECRET })}
              >
                {t("Clear")}
              </Button>
            ),
          }
        : {})}
    />
  );
}

/** A setting saved outside the form's Save button (an uploaded picture): its key and the value it now holds. */
export type OnSavedElsewhere = (key: string, value: unknown) => void;

export function SettingField({
  settingKey,
  form,
  meta = {},
  onUploaded,
}: {
  settingKey: SettingKey;
  form: SettingsForm;
  meta?: FieldMeta;
  onUploaded?: OnSavedElsewhere;
}) {
  const { t } = useTranslation();
  const spec = fields[settingKey];
  if (meta.env) {
    // Fixed by the environment: shown, not editable, and why.
    return (
      <TextInput
        label={t(spec.label)}
        description={t(envNote, { env: meta.env })}
        value=""
        placeholder={t("From {{env}}", { env: meta.env })}
        readOnly
        disabled
        data-testid={`env-fixed-${settingKey}`}
      />
    );
  }
  switch (spec.kind) {
    case "gateway": {
      const value = form.values[settingKey];
      return (
        <Select
          label={t(spec.label)}
          description={spec.description && t(spec.description)}
          data={gatewayOptions.map((o) => ({ ...o, label: t(o.label) }))}
          placeholder={t("Not set (sandbox)")}
          clearable
          value={typeof value === "string" && value ? value : null}
          onChange={(v) => form.setFieldValue(settingKey, v ?? "")}
          error={form.errors[settingKey]}
        />
      );
    }
    case "select": {
      const value = form.values[settingKey];
      return (
        <Select
          size="md"
          label={t(spec.label)}
          description={spec.description && t(spec.description)}
          data={spec.options.map((o) => ({ ...o, label: t(o.label) }))}
          allowDeselect={false}
          value={typeof value === "string" ? value : null}
          onChange={(v) => v && form.setFieldValue(settingKey, v)}
          error={form.errors[settingKey]}
        />
      );
    }
    case "countries": {
      const value = form.values[settingKey];
      return (
        <TagsInput
          size="md"
          label={t(spec.label)}
          description={spec.description && t(spec.description)}
          placeholder={t("Type a code, then Enter")}
          splitChars={[",", " "]}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(codes) =>
            form.setFieldValue(settingKey, [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))])
          }
          error={form.errors[settingKey]}
        />
      );
    }
    case "secret":
      return <SecretField settingKey={settingKey} form={form} spec={spec} meta={meta} />;
    case "switch":
      return (
        <Switch
          size="md"
          label={t(spec.label)}
          description={spec.description && t(spec.description)}
          {...form.getInputProps(settingKey, { type: "checkbox" })}
        />
      );
    case "number":
      return (
        <NumberInput
          size="md"
          label={t(spec.label)}
          description={spec.description && t(spec.description)}
          min={spec.min}
          max={spec.max}
          step={spec.step}
          decimalScale={spec.decimalScale}
          allowDecimal={spec.decimalScale !== undefined}
          suffix={spec.suffix}
          thousandSeparator=","
          {...form.getInputProps(settingKey)}
        />
      );
    case "textarea":
      return (
        <Textarea
          label={t(spec.label)}
          description={spec.description && t(spec.description)}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps(settingKey)}
        />
      );
    case "menus":
      // One setting, two lists: the header's links and the footer's.
      return (
        <Stack gap="xl">
          <MenuEditor form={form} section="header" />
          <MenuEditor form={form} section="footer" />
        </Stack>
      );
    case "image":
      return (
        <ImageSettingField
          settingKey={settingKey as Parameters<typeof ImageSettingField>[0]["settingKey"]}
          spec={spec}
          form={form}
          onUploaded={onUploaded}
        />
      );
    default:
      return (
        <TextInput
          label={t(spec.label)}
          description={spec.description && t(spec.description)}
          type={spec.type}
          placeholder={spec.placeholder && t(spec.placeholder)}
          {...form.getInputProps(settingKey)}
        />
      );
  }
}

/** Subheadings inside a group, before the key that starts them. */
const subheadings: Partial<Record<SettingKey, { title: string; note: string }>> = {
  paymentGateway: { title: msg("Gateway"), note: msg("Where buyers pay.") },
  // i18n-exempt: a brand
  stripeSecretKey: { title: "Stripe", note: msg("Used when the gateway is Stripe.") },
  // i18n-exempt: a brand
  ccbillAccount: { title: "CCBill", note: msg("Used when the gateway is CCBill.") },
};

/** Lays a group's fields out: short inputs two to a row, pictures three to a row, long ones full width. */
export function GroupFields({
  keys,
  form,
  meta = {},
  onUploaded,
}: {
  keys: SettingKey[];
  form: SettingsForm;
  meta?: Record<string, FieldMeta>;
  onUploaded?: OnSavedElsewhere;
}) {
  const { t } = useTranslation();
  const out: ReactNode[] = [];
  let pending: SettingKey[] = [];
  let pendingKind: "short" | "image" = "short";
  const flush = () => {
    if (!pending.length) return;
    out.push(
      <SimpleGrid
        key={`grid-${pending[0]}`}
        cols={pendingKind === "image" ? { base: 1, sm: 2, lg: 3 } : { base: 1, sm: 2 }}
      >
        {pending.map((k) => (
          <SettingField key={k} settingKey={k} form={form} meta={meta[k]} onUploaded={onUploaded} />
        ))}
      </SimpleGrid>,
    );
    pending = [];
  };
  for (const key of keys) {
    const heading = subheadings[key];
    if (heading) {
      flush();
      out.push(
        <div key={`heading-${key}`}>
          <Title order={3} fz="md">
            {t(heading.title)}
          </Title>
          <Text c="dimmed" size="sm">
            {t(heading.note)}
          </Text>
        </div>,
      );
    }
    const kind = fields[key].kind;
    const grid =
      kind === "image"
        ? "image"
        : ["text", "number", "secret", "gateway", "select", "countries"].includes(kind)
          ? "short"
          : null;
    if (grid) {
      if (grid !== pendingKind) flush();
      pendingKind = grid;
      pending.push(key);
      continue;
    }
    flush();
    out.push(<SettingField key={key} settingKey={key} form={form} meta={meta[key]} onUploaded={onUploaded} />);
  }
  flush();
  return <>{out}</>;
}
