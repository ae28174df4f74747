import {
  ActionIcon,
  Button,
  Group,
  Input,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useId } from "react";
import { type FormValues, type MenuRow, newMenuRow } from "../../lib/admin-settings.ts";
import type { FieldSpec } from "./setting-specs.ts";

const sectionOptions = [
  { value: "header", label: "Header" },
  { value: "footer", label: "Footer" },
];

export type SettingsForm = UseFormReturnType<FormValues>;

export function MenuEditor({ form, spec }: { form: SettingsForm; spec: FieldSpec }) {
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
