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
import { useRevalidator } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { Emphasized, emphasisMark } from "../components/admin/Emphasized.tsx";
import { ImageUploadSection } from "../components/admin/ImageUploadSection.tsx";
import {
  ActiveBadge,
  DataTable,
  EditDeleteActions,
  EditModal,
  ListPanel,
  MediaThumb,
} from "../components/admin/ManageList.tsx";
import { useConfirmedDelete, useOpenItem, useSaveIntent } from "../components/admin/use-manage.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loadedGet, saveDeleteIntents } from "../lib/actions.server.ts";
import {
  type BannerFormValues,
  type BannerPosition,
  bannerFormValues,
  bannerPositionLabels,
  bannerRequestBody,
} from "../lib/admin-catalogue.ts";
import { apiFilter, oneOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { schemaErrors } from "../lib/studio.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.banners";

export const handle = pages.adminBanners.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Banners"), t("The promotional banners on the home page, by position."));
};

const enc = encodeURIComponent;
type PositionFilter = "all" | BannerPosition;
const positionFilter = (params: URLSearchParams) => oneOf<PositionFilter>(params, "position", bannerPositions, "all");

/** The banners of the position in the URL (`position`, all when absent). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const position = apiFilter(positionFilter(new URL(request.url).searchParams));
  return loadedGet<{ data: Banner[] }>(
    request,
    context,
    "/admin/banners",
    { position, limit: 100 },
    msg("Could not load the banners."),
  );
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, saveDeleteIntents("/admin/banners"));
}

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
  const { t } = useTranslation();
  const positionOptions = bannerPositions.map((p) => ({ value: p, label: t(bannerPositionLabels[p]) }));
  const form = useForm<BannerFormValues>({
    initialValues: bannerFormValues(banner),
    validate: (values) => schemaErrors(bannerBody, bannerRequestBody(values)),
  });
  const { submit, saving } = useSaveIntent(form, banner, bannerRequestBody, onSaved, t("Could not save the banner"));

  return (
    <form onSubmit={submit} noValidate aria-label={t("Banner")}>
      <Stack gap="md">
        <TextInput
          label={t("Title")}
          required
          data-autofocus
          key={form.key("title")}
          {...form.getInputProps("title")}
        />
        <Textarea
          label={t("Description")}
          autosize
          minRows={2}
          maxRows={5}
          key={form.key("description")}
          {...form.getInputProps("description")}
        />
        <TextInput
          label={t("Link")}
          description={t("Where a click goes: a path such as /movies, or an http(s) address.")}
          // i18n-exempt: an example path
          placeholder="/movies"
          key={form.key("href")}
          {...form.getInputProps("href")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("Position")}
            size="md"
            data={positionOptions}
            allowDeselect={false}
            key={form.key("position")}
            {...form.getInputProps("position")}
          />
          <NumberInput
            label={t("Order")}
            size="md"
            description={t("Lower numbers come first.")}
            min={0}
            max={100000}
            allowDecimal={false}
            key={form.key("ordering")}
            {...form.getInputProps("ordering")}
          />
        </SimpleGrid>
        <Switch
          label={t("Active")}
          description={t("Inactive banners are not shown.")}
          checked={form.values.status === "active"}
          onChange={(event) => form.setFieldValue("status", event.currentTarget.checked ? "active" : "inactive")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {banner ? t("Close") : t("Cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {banner ? t("Save banner") : t("Create banner")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Banners({ data: { result, error } }: { data: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const [remove, confirmDialog] = useConfirmedDelete();
  const { params, setFilter } = useListParams();
  const revalidator = useRevalidator();
  const position = positionFilter(params);
  const { open: editing, setOpen: setEditing, current } = useOpenItem(result?.data);

  const onSaved = (banner: Banner, created: boolean) => {
    // A new banner stays open so its image can be added.
    setEditing(banner);
    notifications.show({
      color: "teal",
      title: created ? t("Banner created") : undefined,
      message: created ? t("Add its image below.") : t("“{{title}}” saved.", { title: banner.title }),
    });
  };

  const confirmRemove = (banner: Banner) =>
    remove({
      title: t("Delete this banner?"),
      message: (
        <>
          <Emphasized
            sentence={t("{{title}} and its image are removed for good.", { title: emphasisMark })}
            value={<b>{banner.title}</b>}
          />
        </>
      ),
      confirmLabel: t("Delete banner"),
      id: banner._id,
      deleted: t("“{{title}}” deleted.", { title: banner.title }),
      failTitle: t("Could not delete the banner"),
    });

  const sorted = result
    ? [...result.data].sort(
        (a, b) => bannerPositions.indexOf(a.position) - bannerPositions.indexOf(b.position) || a.ordering - b.ordering,
      )
    : null;

  return (
    <AdminPage
      title={t("Banners")}
      description={t("The promotional banners on the home page, by position.")}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          {t("New banner")}
        </Button>
      }
    >
      <SegmentedControl
        aria-label={t("Position")}
        data={[
          { value: "all", label: t("All") },
          ...bannerPositions.map((p) => ({ value: p, label: t(bannerPositionLabels[p]) })),
        ]}
        value={position}
        onChange={(value) => setFilter("position", value)}
        style={{ alignSelf: "flex-start" }}
      />
      <ListPanel
        label={t("Banners")}
        error={error}
        onRetry={() => void revalidator.revalidate()}
        ready={!!sorted}
        skeleton={{ rows: 3, height: 56 }}
        count={sorted?.length}
        empty={{ icon: IconPhotoStar, message: t("No banners here yet.") }}
      >
        <DataTable
          label={t("Banners")}
          minWidth={760}
          columns={[
            { label: t("Image"), hidden: true },
            { label: t("Title") },
            { label: t("Position") },
            { label: t("Order"), right: true },
            { label: t("Status") },
            { label: t("Actions"), hidden: true },
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
              <Table.Td>{t(bannerPositionLabels[banner.position])}</Table.Td>
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
        title={current ? t("Edit banner") : t("New banner")}
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
                label={t("Banner image")}
                preview={<BannerImage banner={current} width={480} />}
                hasImage={!!current.image}
                path={`/admin/banners/${enc(current._id)}/image/upload`}
                testId="banner-image-upload-progress"
                onUploaded={setEditing}
                hint={t("A wide image (about 3:1) looks best, for example 1800 × 600 pixels.")}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t("Save the banner first; then you can add its image.")}
              </Text>
            )}
          </Stack>
        )}
      </EditModal>
      {confirmDialog}
    </AdminPage>
  );
}

export default function AdminBannersPage({ loaderData }: Route.ComponentProps) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <Banners data={loaderData} />;
}
