import {
  Button,
  Divider,
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
import { type Banner, bannerBody, bannerPositions } from "@marquee/contracts/content";
import { IconPhoto, IconPhotoStar, IconPlus } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { ImageUploadSection } from "../components/admin/ImageUploadSection.tsx";
import {
  ActiveBadge,
  DataTable,
  EditDeleteActions,
  EditModal,
  EmptyState,
  ListPanel,
  MediaThumb,
} from "../components/admin/ManageList.tsx";
import { saveItem, useConfirmedDelete, useFormSubmit, useLatestQuery } from "../components/admin/use-manage.tsx";
import {
  type BannerFormValues,
  type BannerPosition,
  bannerFormValues,
  bannerPositionLabels,
  bannerRequestBody,
  upsertById,
  withoutId,
} from "../lib/admin-catalogue.ts";
import { api } from "../lib/api.ts";
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
  return <MediaThumb image={banner.image} width={width} height={Math.round(width / 3)} icon={IconPhoto} />;
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
  const form = useForm<BannerFormValues>({
    initialValues: bannerFormValues(banner),
    validate: (values) => schemaErrors(bannerBody, bannerRequestBody(values)),
  });
  const { submit, saving } = useFormSubmit(
    form,
    async (values) => {
      const saved = await saveItem<Banner>("/admin/banners", banner?._id, bannerRequestBody(values));
      form.resetDirty(values);
      onSaved(saved, !banner);
    },
    "Could not save the banner",
  );

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
  const [remove, confirmDialog] = useConfirmedDelete();
  const [position, setPosition] = useState<PositionFilter>("all");
  const [editing, setEditing] = useState<Banner | "new" | null>(null);
  const fetchBanners = useCallback(
    () =>
      api.get<{ data: Banner[] }>("/admin/banners", {
        position: position === "all" ? undefined : position,
        limit: 100,
      }),
    [position],
  );
  const { result, setResult, error, load } = useLatestQuery(fetchBanners, "Could not load the banners.");
  const setItems = (update: (list: Banner[]) => Banner[]) => setResult((r) => ({ ...r, data: update(r?.data ?? []) }));

  const put = (banner: Banner) => {
    setItems((list) =>
      position === "all" || banner.position === position ? upsertById(list, banner) : withoutId(list, banner._id),
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

  const confirmRemove = (banner: Banner) =>
    remove({
      title: "Delete this banner?",
      message: (
        <>
          <b>{banner.title}</b> and its image are removed for good.
        </>
      ),
      confirmLabel: "Delete banner",
      run: () => api.del(`/admin/banners/${enc(banner._id)}`),
      deleted: `“${banner.title}” deleted.`,
      failTitle: "Could not delete the banner",
      onDeleted: () => setItems((list) => withoutId(list, banner._id)),
    });

  const sorted = result
    ? [...result.data].sort(
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
      <ListPanel
        label="Banners"
        error={error}
        onRetry={load}
        ready={!!sorted}
        skeleton={{ rows: 3, height: 56 }}
        empty={sorted?.length === 0 ? <EmptyState icon={IconPhotoStar} message="No banners here yet." /> : null}
      >
        <DataTable
          label="Banners"
          minWidth={760}
          columns={[
            { label: "Image", hidden: true },
            { label: "Title" },
            { label: "Position" },
            { label: "Order", right: true },
            { label: "Status" },
            { label: "Actions", hidden: true },
          ]}
        >
          {sorted?.map((banner) => (
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
                <ActiveBadge status={banner.status} />
              </Table.Td>
              <Table.Td>
                <EditDeleteActions
                  name={banner.title}
                  onEdit={() => setEditing(banner)}
                  onDelete={() => void confirmRemove(banner)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListPanel>
      <EditModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? "Edit banner" : "New banner"}
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
              <ImageUploadSection<Banner>
                label="Banner image"
                preview={<BannerImage banner={current} width={480} />}
                hasImage={!!current.image}
                path={`/admin/banners/${enc(current._id)}/image/upload`}
                testId="banner-image-upload-progress"
                onUploaded={put}
                hint="A wide image (about 3:1) looks best, for example 1800 × 600 pixels."
              />
            ) : (
              <Text size="sm" c="dimmed">
                Save the banner first; then you can add its image.
              </Text>
            )}
          </Stack>
        )}
      </EditModal>
      {confirmDialog}
    </AdminPage>
  );
}

export default function AdminBannersPage() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <Banners />;
}
