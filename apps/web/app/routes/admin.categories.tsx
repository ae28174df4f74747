import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type Category, categoryBody, categoryGroups } from "@marquee/contracts/content";
import { IconAlertCircle, IconCategory, IconEdit, IconPlus, IconRefresh, IconTrash } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { useConfirm } from "../components/ConfirmDialog.tsx";
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
import { api, errorMessage } from "../lib/api.ts";
import { setFieldErrors } from "../lib/form-errors.ts";
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
  const [saving, setSaving] = useState(false);
  const form = useForm<CategoryFormValues>({
    initialValues: categoryFormValues(category, group),
    validate: (values) => schemaErrors(categoryBody, categoryRequestBody(values)),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const body = categoryRequestBody(values);
      const saved = category
        ? await api.put<Category>(`/admin/categories/${enc(category._id)}`, body)
        : await api.post<Category>("/admin/categories", body);
      onSaved(saved, !category);
    } catch (error) {
      if (!setFieldErrors(form, error)) {
        notifications.show({ color: "red", title: "Could not save the category", message: errorMessage(error) });
      }
    } finally {
      setSaving(false);
    }
  });

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
  const [confirm, confirmDialog] = useConfirm();
  const [group, setGroup] = useState<GroupFilter>("all");
  const [items, setItems] = useState<Category[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Category | "new" | null>(null);

  const load = useCallback(() => {
    setError(null);
    api
      .get<{ data: Category[] }>("/admin/categories", { group: group === "all" ? undefined : group, limit: 100 })
      .then((res) => setItems(res.data))
      .catch((e: unknown) => setError(errorMessage(e, "Could not load the categories.")));
  }, [group]);

  useEffect(load, [load]);

  const onSaved = (category: Category, created: boolean) => {
    setEditing(null);
    setItems((list) =>
      group === "all" || category.group === group
        ? upsertById(list ?? [], category)
        : withoutId(list ?? [], category._id),
    );
    notifications.show({
      color: "teal",
      message: created ? `Category “${category.name}” created.` : `Category “${category.name}” saved.`,
    });
  };

  const remove = async (category: Category) => {
    const ok = await confirm({
      title: "Delete this category?",
      message: (
        <>
          <b>{category.name}</b> is removed from every item that uses it.
        </>
      ),
      confirmLabel: "Delete category",
    });
    if (!ok) return;
    try {
      await api.del(`/admin/categories/${enc(category._id)}`);
      setItems((list) => withoutId(list ?? [], category._id));
      notifications.show({ color: "teal", message: `Category “${category.name}” deleted.` });
    } catch (e) {
      notifications.show({ color: "red", title: "Could not delete the category", message: errorMessage(e) });
    }
  };

  const sorted = items ? sortCategories(items) : null;

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
      <Card padding={0} component="section" aria-label="Categories">
        {error ? (
          <Alert m="lg" color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{error}</Text>
              <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={load}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : !sorted ? (
          <Stack p="lg" gap="xs" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={40} />
            ))}
          </Stack>
        ) : sorted.length === 0 ? (
          <Stack align="center" gap={6} p="xl" ta="center">
            <IconCategory size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text c="dimmed">No categories here yet.</Text>
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-label="Categories">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Used for</Table.Th>
                  <Table.Th ta="right">Order</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sorted.map((category) => (
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
                      <Badge variant="dot" color={category.status === "active" ? "teal" : "gray"}>
                        {category.status === "active" ? "Active" : "Inactive"}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="lg"
                            aria-label={`Edit ${category.name}`}
                            onClick={() => setEditing(category)}
                          >
                            <IconEdit size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="lg"
                            aria-label={`Delete ${category.name}`}
                            onClick={() => void remove(category)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Modal
        closeButtonProps={{ "aria-label": "Close" }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? "New category" : "Edit category"}
        size="lg"
        radius="lg"
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
      </Modal>
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
