import "../components/studio/studio.css";
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Divider,
  Group,
  Image,
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
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type Banner, bannerBody, bannerPositions } from "@marquee/contracts/content";
import {
  IconAlertCircle,
  IconEdit,
  IconPhoto,
  IconPhotoStar,
  IconPlus,
  IconRefresh,
  IconTrash,
} from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { useConfirm } from "../components/ConfirmDialog.tsx";
import { UploadButton } from "../components/studio/UploadButton.tsx";
import {
  type BannerFormValues,
  type BannerPosition,
  bannerFormValues,
  bannerPositionLabels,
  bannerRequestBody,
  upsertById,
  withoutId,
} from "../lib/admin-catalogue.ts";
import { api, errorMessage } from "../lib/api.ts";
import { setFieldErrors } from "../lib/form-errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { schemaErrors } from "../lib/studio.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.banners";

export const handle = pages.adminBanners.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Banners", "The promotional banners on the home page, by position.");

const enc = encodeURIComponent;
type PositionFilter = "all" | BannerPosition;
const positionOptions = bannerPositions.map((p) => ({ value: p, label: bannerPositionLabels[p] }));

function BannerImage({ banner, width = 160 }: { banner: Banner; width?: number }) {
  const height = Math.round(width / 3);
  if (banner.image) {
    return (
      <Image
        src={banner.image.url}
        srcSet={banner.image.srcSet ?? undefined}
        sizes={`${width}px`}
        alt=""
        w={width}
        h={height}
        radius="sm"
        fit="cover"
        loading="lazy"
      />
    );
  }
  return (
    <Box className="marquee-thumb-empty" w={width} h={height} aria-hidden>
      <IconPhoto size={20} stroke={1.5} />
    </Box>
  );
}

function BannerForm({
  banner,
  onSaved,
  onCancel,
}: {
  banner: Banner | null;
  onSaved: (banner: Banner, created: boolean) => void;
  onCancel: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const form = useForm<BannerFormValues>({
    initialValues: bannerFormValues(banner),
    validate: (values) => schemaErrors(bannerBody, bannerRequestBody(values)),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const body = bannerRequestBody(values);
      const saved = banner
        ? await api.put<Banner>(`/admin/banners/${enc(banner._id)}`, body)
        : await api.post<Banner>("/admin/banners", body);
      form.resetDirty(values);
      onSaved(saved, !banner);
    } catch (error) {
      if (!setFieldErrors(form, error)) {
        notifications.show({ color: "red", title: "Could not save the banner", message: errorMessage(error) });
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Banner">
      <Stack gap="md">
        <TextInput label="Title" required data-autofocus key={form.key("title")} {...form.getInputProps("title")} />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          key={form.key("description")}
          {...form.getInputProps("description")}
        />
        <TextInput
          label="Link"
          description="Where a click goes: a path such as /movies, or an http(s) address."
          placeholder="/movies"
          key={form.key("href")}
          {...form.getInputProps("href")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Position"
            size="md"
            data={positionOptions}
            allowDeselect={false}
            key={form.key("position")}
            {...form.getInputProps("position")}
          />
          <NumberInput
            label="Order"
            size="md"
            description="Lower numbers come first."
            min={0}
            max={100000}
            allowDecimal={false}
            key={form.key("ordering")}
            {...form.getInputProps("ordering")}
          />
        </SimpleGrid>
        <Switch
          label="Active"
          description="Inactive banners are not shown."
          checked={form.values.status === "active"}
          onChange={(event) => form.setFieldValue("status", event.currentTarget.checked ? "active" : "inactive")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {banner ? "Close" : "Cancel"}
          </Button>
          <Button type="submit" loading={saving}>
            {banner ? "Save banner" : "Create banner"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Banners() {
  const [confirm, confirmDialog] = useConfirm();
  const [position, setPosition] = useState<PositionFilter>("all");
  const [items, setItems] = useState<Banner[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Banner | "new" | null>(null);

  const load = useCallback(() => {
    setError(null);
    api
      .get<{ data: Banner[] }>("/admin/banners", { position: position === "all" ? undefined : position, limit: 100 })
      .then((res) => setItems(res.data))
      .catch((e: unknown) => setError(errorMessage(e, "Could not load the banners.")));
  }, [position]);

  useEffect(load, [load]);

  const put = (banner: Banner) => {
    setItems((list) =>
      position === "all" || banner.position === position
        ? upsertById(list ?? [], banner)
        : withoutId(list ?? [], banner._id),
    );
    setEditing((e) => (e !== null && e !== "new" && e._id === banner._id ? banner : e));
  };

  const onSaved = (banner: Banner, created: boolean) => {
    put(banner);
    // A new banner stays open so its image can be added.
    setEditing(banner);
    notifications.show({
      color: "teal",
      title: created ? "Banner created" : undefined,
      message: created ? "Add its image below." : `“${banner.title}” saved.`,
    });
  };

  const remove = async (banner: Banner) => {
    const ok = await confirm({
      title: "Delete this banner?",
      message: (
        <>
          <b>{banner.title}</b> and its image are removed for good.
        </>
      ),
      confirmLabel: "Delete banner",
    });
    if (!ok) return;
    try {
      await api.del(`/admin/banners/${enc(banner._id)}`);
      setItems((list) => withoutId(list ?? [], banner._id));
      notifications.show({ color: "teal", message: `“${banner.title}” deleted.` });
    } catch (e) {
      notifications.show({ color: "red", title: "Could not delete the banner", message: errorMessage(e) });
    }
  };

  const sorted = items
    ? [...items].sort(
        (a, b) => bannerPositions.indexOf(a.position) - bannerPositions.indexOf(b.position) || a.ordering - b.ordering,
      )
    : null;
  const current = editing !== null && editing !== "new" ? editing : null;

  return (
    <AdminPage
      title="Banners"
      description="The promotional banners on the home page, by position."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          New banner
        </Button>
      }
    >
      <SegmentedControl
        aria-label="Position"
        data={[{ value: "all", label: "All" }, ...positionOptions]}
        value={position}
        onChange={(value) => setPosition(value as PositionFilter)}
        style={{ alignSelf: "flex-start" }}
      />
      <Card padding={0} component="section" aria-label="Banners">
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
              <Skeleton key={i} h={56} />
            ))}
          </Stack>
        ) : sorted.length === 0 ? (
          <Stack align="center" gap={6} p="xl" ta="center">
            <IconPhotoStar size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text c="dimmed">No banners here yet.</Text>
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-label="Banners">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <VisuallyHidden>Image</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Position</Table.Th>
                  <Table.Th ta="right">Order</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sorted.map((banner) => (
                  <Table.Tr key={banner._id}>
                    <Table.Td w={176}>
                      <BannerImage banner={banner} />
                    </Table.Td>
                    <Table.Td>
                      <Text fw={600} size="sm" lineClamp={1}>
                        {banner.title}
                      </Text>
                      {banner.href && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {banner.href}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{bannerPositionLabels[banner.position]}</Table.Td>
                    <Table.Td ta="right">{banner.ordering}</Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={banner.status === "active" ? "teal" : "gray"}>
                        {banner.status === "active" ? "Active" : "Inactive"}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="lg"
                            aria-label={`Edit ${banner.title}`}
                            onClick={() => setEditing(banner)}
                          >
                            <IconEdit size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="lg"
                            aria-label={`Delete ${banner.title}`}
                            onClick={() => void remove(banner)}
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
        title={current ? "Edit banner" : "New banner"}
        size="lg"
        radius="lg"
      >
        {editing !== null && (
          <Stack gap="lg">
            <BannerForm
              key={current?._id ?? "new"}
              banner={current}
              onSaved={onSaved}
              onCancel={() => setEditing(null)}
            />
            <Divider />
            {current ? (
              <Stack gap="sm" component="section" aria-label="Banner image">
                <Title order={3} fz="md">
                  Image
                </Title>
                <BannerImage banner={current} width={480} />
                <UploadButton
                  kind="image"
                  what="image"
                  label={current.image ? "Replace image" : "Upload image"}
                  testId="banner-image-upload-progress"
                  upload={async (file, onProgress) => {
                    const updated = await api.upload<Banner>(
                      `/admin/banners/${enc(current._id)}/image/upload`,
                      [{ fieldname: "file", file, filename: file.name }],
                      { onProgress },
                    );
                    if (updated?._id) put(updated);
                    notifications.show({ color: "teal", message: "Image uploaded." });
                  }}
                />
                <Text size="xs" c="dimmed">
                  A wide image (about 3:1) looks best, for example 1800 × 600 pixels.
                </Text>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Save the banner first; then you can add its image.
              </Text>
            )}
          </Stack>
        )}
      </Modal>
      {confirmDialog}
    </AdminPage>
  );
}

export default function AdminBannersPage() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <Banners />;
}
