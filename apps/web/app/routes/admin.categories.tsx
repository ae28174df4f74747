import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type Category, categoryBody, categoryGroups } from "@marquee/contracts/content";
import { IconCategory, IconPlus } from "@tabler/icons-react";
import { useRevalidator } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { Emphasized, emphasisMark } from "../components/admin/Emphasized.tsx";
import { ActiveBadge, DataTable, EditDeleteActions, EditModal, ListPanel } from "../components/admin/ManageList.tsx";
import { useConfirmedDelete, useOpenItem, useSaveIntent } from "../components/admin/use-manage.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loadedGet, saveDeleteIntents } from "../lib/actions.server.ts";
import {
  type CategoryFormValues,
  type CategoryGroup,
  categoryFormValues,
  categoryGroupLabels,
  categoryRequestBody,
  sortCategories,
} from "../lib/admin-catalogue.ts";
import { apiFilter, oneOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { schemaErrors } from "../lib/studio.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.categories";

export const handle = pages.adminCategories.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Categories"), t("The categories of performers, movies, galleries and products."));
};

type GroupFilter = "all" | CategoryGroup;
const groupOptions = categoryGroups.map((g) => ({ value: g, label: categoryGroupLabels[g] }));
const groupFilter = (params: URLSearchParams) => oneOf<GroupFilter>(params, "group", categoryGroups, "all");

/** The categories of the group in the URL (`group`, all when absent). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const group = apiFilter(groupFilter(new URL(request.url).searchParams));
  const query = { group, limit: 100 };
  return loadedGet<{ data: Category[] }>(
    request,
    context,
    "/admin/categories",
    query,
    msg("Could not load the categories."),
  );
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, saveDeleteIntents("/admin/categories"));
}

function CategoryForm({
  category,
  group,
  onSaved,
  onCancel,
}: {
  category: Category | null;
  group: CategoryGroup;
  onSaved: (category: Category, created: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<CategoryFormValues>({
    initialValues: categoryFormValues(category, group),
    validate: (values) => schemaErrors(categoryBody, categoryRequestBody(values)),
  });
  const { submit, saving } = useSaveIntent(
    form,
    category,
    categoryRequestBody,
    onSaved,
    t("Could not save the category"),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t("Category")}>
      <Stack gap="md">
        <TextInput label={t("Name")} required data-autofocus key={form.key("name")} {...form.getInputProps("name")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("Slug")}
            description={t("Leave empty to make one from the name.")}
            key={form.key("slug")}
            {...form.getInputProps("slug")}
          />
          <Select
            label={t("Used for")}
            size="md"
            data={groupOptions.map((o) => ({ ...o, label: t(o.label) }))}
            allowDeselect={false}
            description={t("What this category sorts.")}
            key={form.key("group")}
            {...form.getInputProps("group")}
          />
        </SimpleGrid>
        <Textarea
          label={t("Description")}
          autosize
          minRows={2}
          maxRows={6}
          key={form.key("description")}
          {...form.getInputProps("description")}
        />
        <Group align="flex-end" justify="space-between">
          <NumberInput
            label={t("Order")}
            size="md"
            description={t("Lower numbers come first.")}
            min={0}
            max={100000}
            allowDecimal={false}
            w={180}
            key={form.key("ordering")}
            {...form.getInputProps("ordering")}
          />
          <Switch
            label={t("Active")}
            mb={8}
            checked={form.values.status === "active"}
            onChange={(event) => form.setFieldValue("status", event.currentTarget.checked ? "active" : "inactive")}
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t("Cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {category ? t("Save category") : t("Create category")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Categories({ data: { result, error } }: { data: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const [remove, confirmDialog] = useConfirmedDelete();
  const { params, setFilter } = useListParams();
  const revalidator = useRevalidator();
  const group = groupFilter(params);
  const { open: editing, setOpen: setEditing, current } = useOpenItem(result?.data);

  const onSaved = (category: Category, created: boolean) => {
    setEditing(null);
    notifications.show({
      color: "teal",
      message: created
        ? t("Category “{{name}}” created.", { name: category.name })
        : t("Category “{{name}}” saved.", { name: category.name }),
    });
  };

  const confirmRemove = (category: Category) =>
    remove({
      title: t("Delete this category?"),
      message: (
        <>
          <Emphasized
            sentence={t("{{name}} is removed from every item that uses it.", { name: emphasisMark })}
            value={<b>{category.name}</b>}
          />
        </>
      ),
      confirmLabel: t("Delete category"),
      id: category._id,
      deleted: t("Category “{{name}}” deleted.", { name: category.name }),
      failTitle: t("Could not delete the category"),
    });

  const sorted = result ? sortCategories(result.data) : null;

  return (
    <AdminPage
      title={t("Categories")}
      description={t("Sort performers, movies, galleries and products into categories.")}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          {t("New category")}
        </Button>
      }
    >
      <SegmentedControl
        aria-label={t("Used for")}
        data={[{ value: "all", label: t("All") }, ...groupOptions.map((o) => ({ ...o, label: t(o.label) }))]}
        value={group}
        onChange={(value) => setFilter("group", value)}
        style={{ alignSelf: "flex-start" }}
      />
      <ListPanel
        label={t("Categories")}
        error={error}
        onRetry={() => void revalidator.revalidate()}
        ready={!!sorted}
        count={sorted?.length}
        empty={{ icon: IconCategory, message: t("No categories here yet.") }}
      >
        <DataTable
          label={t("Categories")}
          minWidth={640}
          columns={[
            { label: t("Name") },
            { label: t("Used for") },
            { label: t("Order"), right: true },
            { label: t("Status") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {sorted?.map((category) => (
            <Table.Tr key={category._id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {category.name}
                </Text>
                <Text size="xs" c="dimmed">
                  /{category.slug}
                </Text>
              </Table.Td>
              <Table.Td>{t(categoryGroupLabels[category.group])}</Table.Td>
              <Table.Td ta="right">{category.ordering}</Table.Td>
              <Table.Td>
                <ActiveBadge status={category.status} />
              </Table.Td>
              <Table.Td>
                <EditDeleteActions
                  name={category.name}
                  onEdit={() => setEditing(category)}
                  onDelete={() => void confirmRemove(category)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListPanel>
      <EditModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? t("New category") : t("Edit category")}
      >
        {editing !== null && (
          <CategoryForm
            key={current?._id ?? "new"}
            category={current}
            group={group === "all" ? "video" : group}
            onSaved={onSaved}
            onCancel={() => setEditing(null)}
          />
        )}
      </EditModal>
      {confirmDialog}
    </AdminPage>
  );
}

export default function AdminCategoriesPage({ loaderData }: Route.ComponentProps) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <Categories data={loaderData} />;
}
