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
import { useCallback, useState } from "react";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import {
  ActiveBadge,
  DataTable,
  EditDeleteActions,
  EditModal,
  EmptyState,
  ListPanel,
} from "../components/admin/ManageList.tsx";
import { saveItem, useConfirmedDelete, useFormSubmit, useLatestQuery } from "../components/admin/use-manage.tsx";
import {
  type CategoryFormValues,
  type CategoryGroup,
  categoryFormValues,
  categoryGroupLabels,
  categoryRequestBody,
  sortCategories,
  upsertById,
  withoutId,
} from "../lib/admin-catalogue.ts";
import { api } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { schemaErrors } from "../lib/studio.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.categories";

export const handle = pages.adminCategories.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Categories", "The categories of performers, movies, galleries and products.");

type GroupFilter = "all" | CategoryGroup;
const enc = encodeURIComponent;
const groupOptions = categoryGroups.map((g) => ({ value: g, label: categoryGroupLabels[g] }));

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
  const form = useForm<CategoryFormValues>({
    initialValues: categoryFormValues(category, group),
    validate: (values) => schemaErrors(categoryBody, categoryRequestBody(values)),
  });
  const { submit, saving } = useFormSubmit(
    form,
    async (values) => {
      const saved = await saveItem<Category>("/admin/categories", category?._id, categoryRequestBody(values));
      onSaved(saved, !category);
    },
    "Could not save the category",
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Category">
      <Stack gap="md">
        <TextInput label="Name" required data-autofocus key={form.key("name")} {...form.getInputProps("name")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Slug"
            description="Leave empty to make one from the name."
            key={form.key("slug")}
            {...form.getInputProps("slug")}
          />
          <Select
            label="Used for"
            size="md"
            data={groupOptions}
            allowDeselect={false}
            description="What this category sorts."
            key={form.key("group")}
            {...form.getInputProps("group")}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          key={form.key("description")}
          {...form.getInputProps("description")}
        />
        <Group align="flex-end" justify="space-between">
          <NumberInput
            label="Order"
            size="md"
            description="Lower numbers come first."
            min={0}
            max={100000}
            allowDecimal={false}
            w={180}
            key={form.key("ordering")}
            {...form.getInputProps("ordering")}
          />
          <Switch
            label="Active"
            mb={8}
            checked={form.values.status === "active"}
            onChange={(event) => form.setFieldValue("status", event.currentTarget.checked ? "active" : "inactive")}
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {category ? "Save category" : "Create category"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Categories() {
  const [remove, confirmDialog] = useConfirmedDelete();
  const [group, setGroup] = useState<GroupFilter>("all");
  const [editing, setEditing] = useState<Category | "new" | null>(null);
  const fetchCategories = useCallback(
    () =>
      api.get<{ data: Category[] }>("/admin/categories", { group: group === "all" ? undefined : group, limit: 100 }),
    [group],
  );
  const { result, setResult, error, load } = useLatestQuery(fetchCategories, "Could not load the categories.");
  const setItems = (update: (list: Category[]) => Category[]) =>
    setResult((r) => ({ ...r, data: update(r?.data ?? []) }));

  const onSaved = (category: Category, created: boolean) => {
    setEditing(null);
    setItems((list) =>
      group === "all" || category.group === group ? upsertById(list, category) : withoutId(list, category._id),
    );
    notifications.show({
      color: "teal",
      message: created ? `Category “${category.name}” created.` : `Category “${category.name}” saved.`,
    });
  };

  const confirmRemove = (category: Category) =>
    remove({
      title: "Delete this category?",
      message: (
        <>
          <b>{category.name}</b> is removed from every item that uses it.
        </>
      ),
      confirmLabel: "Delete category",
      run: () => api.del(`/admin/categories/${enc(category._id)}`),
      deleted: `Category “${category.name}” deleted.`,
      failTitle: "Could not delete the category",
      onDeleted: () => setItems((list) => withoutId(list, category._id)),
    });

  const sorted = result ? sortCategories(result.data) : null;

  return (
    <AdminPage
      title="Categories"
      description="Sort performers, movies, galleries and products into categories."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          New category
        </Button>
      }
    >
      <SegmentedControl
        aria-label="Used for"
        data={[{ value: "all", label: "All" }, ...groupOptions]}
        value={group}
        onChange={(value) => setGroup(value as GroupFilter)}
        style={{ alignSelf: "flex-start" }}
      />
      <ListPanel
        label="Categories"
        error={error}
        onRetry={load}
        ready={!!sorted}
        empty={sorted?.length === 0 ? <EmptyState icon={IconCategory} message="No categories here yet." /> : null}
      >
        <DataTable
          label="Categories"
          minWidth={640}
          columns={[
            { label: "Name" },
            { label: "Used for" },
            { label: "Order", right: true },
            { label: "Status" },
            { label: "Actions", hidden: true },
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
              <Table.Td>{categoryGroupLabels[category.group]}</Table.Td>
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
        title={editing === "new" ? "New category" : "Edit category"}
      >
        {editing !== null && (
          <CategoryForm
            key={editing === "new" ? "new" : editing._id}
            category={editing === "new" ? null : editing}
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

export default function AdminCategoriesPage() {
  const isAdmin = useIsAdmin();
  // Others get the 403 page and nothing is fetched for them.
  if (!isAdmin) return <AdminForbidden />;
  return <Categories />;
}
