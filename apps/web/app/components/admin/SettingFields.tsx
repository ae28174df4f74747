import {
  ActionIcon,
  Button,
  Group,
  Input,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { SettingKey } from "@marquee/contracts/settings";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";
import { type FormValues, type MenuRow, newMenuRow, type SettingGroup } from "../../lib/admin-settings.ts";

export const groupText: Record<SettingGroup, { title: string; description: string }> = {
  general: { title: "General", description: "Branding, footer, navigation menus and site availability." },
  payment: { title: "Payment", description: "The currency prices are shown in." },
  auth: { title: "Sign-up and security", description: "Rules for new accounts and bot protection." },
  email: { title: "Email", description: "Where messages from the contact form go." },
  commission: { title: "Commission", description: "How sales are shared with performers." },
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
  | { kind: "menus"; label: string; description?: string };

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
  currency: { kind: "text", label: "Currency code", description: "Three letters, such as USD or EUR." },
  currencySymbol: { kind: "text", label: "Currency symbol", description: "Shown next to prices, such as $." },
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
    description: "Share of each performer sale the site keeps, from 0 to 1 (0.2 = 20%); a performer's own rate wins.",
    min: 0,
    max: 1,
    step: 0.05,
    decimalScale: 4,
  },
};

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

export function SettingField({ settingKey, form }: { settingKey: SettingKey; form: SettingsForm }) {
  const spec = fields[settingKey];
  switch (spec.kind) {
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

/** Lays a group's fields out: short inputs two to a row, long ones (text areas, menus, switches) full width. */
export function GroupFields({ keys, form }: { keys: SettingKey[]; form: SettingsForm }) {
  const out: ReactNode[] = [];
  let pending: SettingKey[] = [];
  const flush = () => {
    if (!pending.length) return;
    out.push(
      <SimpleGrid key={`grid-${pending[0]}`} cols={{ base: 1, sm: 2 }}>
        {pending.map((k) => (
          <SettingField key={k} settingKey={k} form={form} />
        ))}
      </SimpleGrid>,
    );
    pending = [];
  };
  for (const key of keys) {
    const kind = fields[key].kind;
    if (kind === "text" || kind === "number") {
      pending.push(key);
      continue;
    }
    flush();
    out.push(<SettingField key={key} settingKey={key} form={form} />);
  }
  flush();
  return <>{out}</>;
}
