import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Input,
  NumberInput,
  Paper,
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
  Tooltip,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { type GatewayKey, gatewayFields, gatewayKeys } from "@marquee/contracts/payment-gateway";
import type { SettingKey } from "@marquee/contracts/settings";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";
import {
  CLEAR_SECRET,
  type FormValues,
  type MenuRow,
  newMenuRow,
  type SettingGroup,
} from "../../lib/admin-settings.ts";

export const groupText: Record<SettingGroup, { title: string; description: string }> = {
  general: { title: "General", description: "Branding, footer, navigation menus and site availability." },
  compliance: {
    title: "Age gate and verification",
    description:
      "Who must confirm they are 18 or older before the site shows them anything (the legal pages stay open to everyone, search engines included), and how long a performer's identity verification lasts.",
  },
  payment: {
    title: "Payment",
    description:
      "The currency prices are shown in, and the payment gateway with its account's keys. A variable set in the API's environment wins over the setting here. Gateway settings are read when the API starts: restart the API to apply a change.",
  },
  auth: { title: "Sign-up and security", description: "Rules for new accounts and bot protection." },
  email: { title: "Email", description: "Where messages from the contact form go." },
  commission: { title: "Commission", description: "How sales are shared with performers." },
  review: {
    title: "Content review",
    description:
      "Whether what performers publish (movies, galleries, store products, and new media of one that is out) waits in the review queue until an admin approves it. What admins publish goes out at once.",
  },
};

type FieldSpec =
  | { kind: "text"; label: string; description?: string; type?: string; placeholder?: string }
  | { kind: "textarea"; label: string; description?: string }
  | { kind: "switch"; label: string; description?: string }
  | {
      kind: "number";
      label: string;
      description?: string;
      min: number;
      max: number;
      step: number;
      decimalScale?: number;
      suffix?: string;
    }
  | { kind: "menus"; label: string; description?: string }
  | { kind: "select"; label: string; description?: string; options: { value: string; label: string }[] }
  | { kind: "countries"; label: string; description?: string }
  | { kind: "gateway"; label: string; description?: string }
  | { kind: "select"; label: string; description?: string; options: { value: string; label: string }[] }
  | { kind: "secret"; label: string; description?: string };

/** The gateway's own settings: a password field for each secret, text for the rest; the rules' words as help. */
const gatewaySpecs = Object.fromEntries(
  gatewayKeys
    .filter((k) => k !== "paymentGateway")
    .map((key) => {
      const field = gatewayFields[key];
      const help = field.expected.charAt(0).toUpperCase() + field.expected.slice(1);
      const description = field.required ? `${help}.` : `${help}. Optional.`;
      const placeholder = key === "ccbillWebhookIps" ? "Empty: CCBill's published ranges" : undefined;
      return [key, { kind: field.secret ? "secret" : "text", label: field.label, description, placeholder }];
    }),
) as Record<Exclude<GatewayKey, "paymentGateway">, FieldSpec>;

export const fields: Record<SettingKey, FieldSpec> = {
  siteName: { kind: "text", label: "Site name", description: "Shown in the header and in page titles." },
  logo: { kind: "text", label: "Logo URL", placeholder: "/logo.svg" },
  favicon: { kind: "text", label: "Favicon URL", placeholder: "/favicon.svg" },
  loginPlaceholderImage: { kind: "text", label: "Login page image URL", placeholder: "/login-placeholder.webp" },
  bannerAutoplaySpeed: {
    kind: "number",
    label: "Banner autoplay speed",
    description: "Milliseconds between banner slides (1,000 to 60,000).",
    min: 1000,
    max: 60000,
    step: 500,
    suffix: " ms",
  },
  footerContent: { kind: "textarea", label: "Footer content", description: "Text shown at the bottom of every page." },
  menus: {
    kind: "menus",
    label: "Menus",
    description: "Links in the header and footer, shown in this order.",
  },
  maintenanceMode: {
    kind: "switch",
    label: "Maintenance mode",
    description: "Visitors see the maintenance page; administrators can still use the site.",
  },
  ageGate: {
    kind: "select",
    label: "Age gate",
    description: "Passing it is remembered in the visitor's browser for a year.",
    options: [
      { value: "off", label: "Off" },
      { value: "click-through", label: 'Everyone: "I am 18 or older"' },
      { value: "countries", label: "Only visitors from the countries below" },
    ],
  },
  ageGateCountries: {
    kind: "countries",
    label: "Countries that require it",
    description:
      "Two-letter codes such as GB or US, placed by the visitor's address. Used when the age gate is set to the listed countries.",
  },
  currency: { kind: "text", label: "Currency code", description: "Three letters, such as USD or EUR." },
  currencySymbol: { kind: "text", label: "Currency symbol", description: "Shown next to prices, such as $." },
  paymentGateway: {
    kind: "gateway",
    label: "Payment gateway",
    description: "Not set: the sandbox, where buyers approve their own payments (a production site must name one).",
  },
  ...gatewaySpecs,
  checkoutHoldMinutes: {
    kind: "number",
    label: "Store checkout hold",
    description: "Minutes a store checkout holds the physical stock while its payment is pending (1 to 240).",
    min: 1,
    max: 240,
    step: 1,
    suffix: " min",
  },
  checkoutHoldMaxUnits: {
    kind: "number",
    label: "Items one checkout may hold",
    description: "The most physical items one buyer's pending store checkout may hold (1 to 1,000).",
    min: 1,
    max: 1000,
    step: 1,
  },
  requireEmailVerification: {
    kind: "switch",
    label: "Require email verification",
    description: "New members must confirm their email address before they can log in.",
  },
  reCaptchaSiteKey: {
    kind: "text",
    label: "reCAPTCHA site key",
    description: "Leave empty to turn reCAPTCHA off.",
  },
  contactEmail: {
    kind: "text",
    type: "email",
    label: "Contact email",
    description: "Messages from the contact form are sent here.",
  },
  performerCommission: {
    kind: "number",
    label: "Performer commission",
    description: "The share of each sale the site keeps, in percent; a performer's own rate (Performers) wins.",
    min: 0,
    max: 100,
    step: 1,
    decimalScale: 2,
    suffix: "%",
  },
  reviewMode: {
    kind: "select",
    label: "Review before publication",
    description: "Card networks ask for review of content before it is published.",
    options: [
      { value: "all", label: "Everything performers publish" },
      { value: "first", label: "Each performer's first items only" },
      { value: "none", label: "Nothing (performers publish directly)" },
    ],
  },
  reviewFirstItems: {
    kind: "number",
    label: "Items reviewed per performer",
    description: "With “first items only”: how many approved items a performer needs before theirs go out directly.",
    min: 1,
    max: 1000,
    step: 1,
    decimalScale: 0,
  },
  verificationValidMonths: {
    kind: "number",
    label: "Verification valid for (months)",
    description:
      "How long a performer's approved identity verification lasts before they must apply again; 0: it does not expire.",
    min: 0,
    max: 120,
    step: 1,
    decimalScale: 0,
  },
};

const gatewayOptions = [
  { value: "sandbox", label: "Sandbox (test payments only)" },
  { value: "stripe", label: "Stripe" },
  { value: "ccbill", label: "CCBill" },
];

/** What the screen knows of a setting beyond its value (GET /admin/settings). */
export type FieldMeta = { isSet?: boolean; env?: string | null; applies?: "now" | "start" };

const envNote = (env: string) => `Set by ${env} in the API's environment, which wins over this setting.`;

const sectionOptions = [
  { value: "header", label: "Header" },
  { value: "footer", label: "Footer" },
];

type SettingsForm = UseFormReturnType<FormValues>;

function MenuEditor({ form, spec }: { form: SettingsForm; spec: FieldSpec }) {
  const rows = (form.values.menus as MenuRow[] | undefined) ?? [];
  const error = form.errors.menus;
  const headingId = useId();
  return (
    <Stack gap="xs" role="group" aria-labelledby={headingId}>
      <div>
        <Input.Label labelElement="div" size="md" id={headingId}>
          {spec.label}
        </Input.Label>
        {spec.description && <Input.Description size="md">{spec.description}</Input.Description>}
      </div>
      {rows.length === 0 && (
        <Text c="dimmed" size="sm" fs="italic">
          No menu items yet.
        </Text>
      )}
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          <Paper key={row.id} withBorder radius="md" p="sm" data-testid="menu-row">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                size="sm"
                label="Title"
                aria-label={`Menu item ${n} title`}
                style={{ flex: "1 1 160px" }}
                {...form.getInputProps(`menus.${index}.title`)}
              />
              <TextInput
                size="sm"
                label="Path"
                aria-label={`Menu item ${n} path`}
                placeholder="/page or https://…"
                style={{ flex: "2 1 200px" }}
                {...form.getInputProps(`menus.${index}.path`)}
              />
              <Select
                size="sm"
                label="Section"
                aria-label={`Menu item ${n} section`}
                data={sectionOptions}
                allowDeselect={false}
                w={120}
                {...form.getInputProps(`menus.${index}.section`)}
              />
              <Switch
                label="Open in new tab"
                aria-label={`Menu item ${n}: open in new tab`}
                mt={32}
                {...form.getInputProps(`menus.${index}.isOpenNewTab`, { type: "checkbox" })}
              />
              <Group gap={4} mt={26} ml="auto" wrap="nowrap">
                <Tooltip label="Move up">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`Move menu item ${n} up`}
                    disabled={index === 0}
                    onClick={() => form.reorderListItem("menus", { from: index, to: index - 1 })}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Move down">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`Move menu item ${n} down`}
                    disabled={index === rows.length - 1}
                    onClick={() => form.reorderListItem("menus", { from: index, to: index + 1 })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Remove">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove menu item ${n}`}
                    onClick={() => form.removeListItem("menus", index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Paper>
        );
      })}
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem("menus", newMenuRow())}
        >
          Add menu item
        </Button>
      </Group>
    </Stack>
  );
}

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
  const value = form.values[settingKey];
  const clearing = !!value && typeof value === "object";
  const state = clearing ? "cleared on save" : meta.isSet ? "set" : "not set";
  return (
    <PasswordInput
      label={
        <Group gap={6} component="span" wrap="nowrap">
          <span>{spec.label}</span>
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
      description={spec.description}
      placeholder={meta.isSet && !clearing ? "Stored: type to replace it" : "Not set"}
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
                aria-label={`Clear ${spec.label}`}
                onClick={() => form.setFieldValue(settingKey, { ...CLEAR_SECRET })}
              >
                Clear
              </Button>
            ),
          }
        : {})}
    />
  );
}

export function SettingField({
  settingKey,
  form,
  meta = {},
}: {
  settingKey: SettingKey;
  form: SettingsForm;
  meta?: FieldMeta;
}) {
  const spec = fields[settingKey];
  if (meta.env) {
    // Fixed by the environment: shown, not editable, and why.
    return (
      <TextInput
        label={spec.label}
        description={envNote(meta.env)}
        value=""
        placeholder={`From ${meta.env}`}
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
          label={spec.label}
          description={spec.description}
          data={gatewayOptions}
          placeholder="Not set (sandbox)"
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
          label={spec.label}
          description={spec.description}
          data={spec.options}
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
          label={spec.label}
          description={spec.description}
          placeholder="Type a code, then Enter"
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
          label={spec.label}
          description={spec.description}
          {...form.getInputProps(settingKey, { type: "checkbox" })}
        />
      );
    case "number":
      return (
        <NumberInput
          size="md"
          label={spec.label}
          description={spec.description}
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
          label={spec.label}
          description={spec.description}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps(settingKey)}
        />
      );
    case "menus":
      return <MenuEditor form={form} spec={spec} />;
    default:
      return (
        <TextInput
          label={spec.label}
          description={spec.description}
          type={spec.type}
          placeholder={spec.placeholder}
          {...form.getInputProps(settingKey)}
        />
      );
  }
}

/** Subheadings inside a group, before the key that starts them. */
const subheadings: Partial<Record<SettingKey, { title: string; note: string }>> = {
  paymentGateway: { title: "Gateway", note: "Where buyers pay." },
  stripeSecretKey: { title: "Stripe", note: "Used when the gateway is Stripe." },
  ccbillAccount: { title: "CCBill", note: "Used when the gateway is CCBill." },
};

/** Lays a group's fields out: short inputs two to a row, long ones (text areas, menus, switches) full width. */
export function GroupFields({
  keys,
  form,
  meta = {},
}: {
  keys: SettingKey[];
  form: SettingsForm;
  meta?: Record<string, FieldMeta>;
}) {
  const out: ReactNode[] = [];
  let pending: SettingKey[] = [];
  const flush = () => {
    if (!pending.length) return;
    out.push(
      <SimpleGrid key={`grid-${pending[0]}`} cols={{ base: 1, sm: 2 }}>
        {pending.map((k) => (
          <SettingField key={k} settingKey={k} form={form} meta={meta[k]} />
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
            {heading.title}
          </Title>
          <Text c="dimmed" size="sm">
            {heading.note}
          </Text>
        </div>,
      );
    }
    const kind = fields[key].kind;
    if (["text", "number", "secret", "gateway", "select", "countries"].includes(kind)) {
      pending.push(key);
      continue;
    }
    flush();
    out.push(<SettingField key={key} settingKey={key} form={form} meta={meta[key]} />);
  }
  flush();
  return <>{out}</>;
}
