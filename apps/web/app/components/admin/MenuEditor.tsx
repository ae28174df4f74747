import { ActionIcon, Button, Group, Input, Paper, Stack, Switch, Text, TextInput, Tooltip } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useId } from "react";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { type FormValues, type MenuRow, newMenuRow } from "../../lib/admin-settings.ts";

export type SettingsForm = UseFormReturnType<FormValues>;

type Section = MenuRow["section"];

/** What each section's editor is called and says. */
export const menuSections: Record<Section, { title: string; noun: string; description: string; empty: string }> = {
  header: {
    title: msg("Header menu"),
    noun: msg("Header link {{n}}"),
    description: msg(
      "Links shown in the header (and the phone menu) after the site's own sections: Home, Performers, Movies, Galleries, Photos, Store and Membership.",
    ),
    empty: msg("No header links: the header shows the site's own sections only."),
  },
  footer: {
    title: msg("Footer links"),
    noun: msg("Footer link {{n}}"),
    description: msg(
      "The links at the bottom of every page, in this order. The legal pages' links and the 2257 statement stay under them whatever is here.",
    ),
    empty: msg("No footer links: the footer shows only the legal pages' links."),
  },
};

/**
 * The rows of one section of the `menus` setting (the header's or the footer's), edited in place in the form's one
 * list: each row keeps its index there, and moving a row up or down passes the neighbour of its own section.
 */
export function MenuEditor({ form, section }: { form: SettingsForm; section: Section }) {
  const { t } = useTranslation();
  const all = (form.values.menus as MenuRow[] | undefined) ?? [];
  const rows = all.map((row, index) => ({ row, index })).filter(({ row }) => row.section === section);
  const error = form.errors.menus;
  const headingId = useId();
  const text = menuSections[section];
  return (
    <Stack gap="xs" role="group" aria-labelledby={headingId} data-testid={`menu-editor-${section}`}>
      <div>
        <Input.Label labelElement="div" size="md" id={headingId}>
          {t(text.title)}
        </Input.Label>
        <Input.Description size="md">{t(text.description)}</Input.Description>
      </div>
      {rows.length === 0 && (
        <Text c="dimmed" size="sm" fs="italic">
          {t(text.empty)}
        </Text>
      )}
      {rows.map(({ row, index }, position) => {
        const n = position + 1;
        const name = t(text.noun, { n });
        const lower = name.toLowerCase();
        const previous = rows[position - 1]?.index;
        const next = rows[position + 1]?.index;
        return (
          <Paper key={row.id} withBorder radius="md" p="sm" data-testid="menu-row">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                size="sm"
                label={t("Title")}
                aria-label={t("{{name}} title", { name })}
                style={{ flex: "1 1 160px" }}
                {...form.getInputProps(`menus.${index}.title`)}
              />
              <TextInput
                size="sm"
                label={t("Path")}
                aria-label={t("{{name}} path", { name })}
                placeholder={t("/page or https://…")}
                style={{ flex: "2 1 200px" }}
                {...form.getInputProps(`menus.${index}.path`)}
              />
              <Switch
                label={t("Open in new tab")}
                aria-label={t("{{name}}: open in new tab", { name })}
                mt={32}
                {...form.getInputProps(`menus.${index}.isOpenNewTab`, { type: "checkbox" })}
              />
              <Group gap={4} mt={26} ml="auto" wrap="nowrap">
                <Tooltip label={t("Move up")}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t("Move {{name}} up", { name: lower })}
                    disabled={previous === undefined}
                    onClick={() =>
                      previous !== undefined && form.reorderListItem("menus", { from: index, to: previous })
                    }
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t("Move down")}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t("Move {{name}} down", { name: lower })}
                    disabled={next === undefined}
                    onClick={() => next !== undefined && form.reorderListItem("menus", { from: index, to: next })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t("Remove")}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t("Remove {{name}}", { name: lower })}
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
      {error && section === "footer" ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem("menus", newMenuRow({ section }))}
        >
          {section === "header" ? t("Add a header link") : t("Add a footer link")}
        </Button>
      </Group>
    </Stack>
  );
}
