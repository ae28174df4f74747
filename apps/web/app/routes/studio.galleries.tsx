import "@mantine/dropzone/styles.css";
import { Table } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { createGalleryBody } from "@marquee/contracts/galleries";
import { IconPhoto } from "@tabler/icons-react";
import { useState } from "react";
import { DataTable, EditDeleteActions, EditDrawer, MediaThumb } from "../components/admin/ManageList.tsx";
import { useConfirmedDelete } from "../components/admin/use-manage.tsx";
import { AssetFields } from "../components/studio/AssetFields.tsx";
import { AssetForm } from "../components/studio/AssetForm.tsx";
import {
  AccessStatusCells,
  AssetDrawerTabs,
  AssetTitleCell,
  StudioAssetScreen,
} from "../components/studio/AssetList.tsx";
import { PhotosManager, type StudioGallery } from "../components/studio/PhotosManager.tsx";
import { StudioForbidden, useStudioRole } from "../components/studio/StudioPage.tsx";
import { useStudioAssets } from "../components/studio/use-studio-assets.ts";
import { AppearingPeoplePanel } from "../components/verification/AppearingPeople.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { Trans } from "../i18n/Trans.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded } from "../lib/actions.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { schemaErrors } from "../lib/studio.ts";
import { assetIntents, galleryPhotos, loadStudioAssets, photoIntents } from "../lib/studio-assets.server.ts";
import { type GalleryFormValues, galleryBody, galleryFormValues, validateGalleryForm } from "../lib/studio-forms.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/studio.galleries";

export const handle = pages.studioGalleries.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("My galleries"), t("Create galleries and upload, order and curate their photos."));
};

/** The list, and the photos of the gallery open in the drawer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const editId = new URL(request.url).searchParams.get("edit");
  const [assets, photos] = await Promise.all([
    loadStudioAssets<StudioGallery>(request, context, "galleries", msg("Could not load your galleries.")),
    editId ? loaded(galleryPhotos(sessionApi(request, context), editId), msg("Could not load the photos.")) : null,
  ]);
  return { ...assets, photos: photos && { ...photos, galleryId: editId } };
}

const galleryIntents = { ...assetIntents("galleries"), ...photoIntents };

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, galleryIntents);
}

function Cover({ gallery, width = 112 }: { gallery: StudioGallery; width?: number }) {
  return (
    <MediaThumb
      image={gallery.cover}
      width={width}
      height={Math.round((width * 3) / 4)}
      icon={IconPhoto}
      iconSize={22}
    />
  );
}

function GalleriesManager({ isAdmin, data }: { isAdmin: boolean; data: Route.ComponentProps["loaderData"] }) {
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol);
  const [remove, confirmDialog] = useConfirmedDelete();
  const assets = useStudioAssets<StudioGallery>(data);
  const { result, loading, drawer, openItem, openNew, close, options } = assets;
  const [drawerTab, setDrawerTab] = useState<"details" | "photos" | "people">("details");
  const editing = drawer?.mode === "edit" ? drawer.item : null;
  const { t } = useTranslation();
  const f = useFormat();

  const confirmRemove = (gallery: StudioGallery) =>
    remove({
      title: t("Delete this gallery?"),
      message: (
        <Trans
          t={t}
          i18nKey={msg("<b/> and all its photos are removed for good.")}
          components={{ b: <b>{gallery.title}</b> }}
        />
      ),
      confirmLabel: t("Delete gallery"),
      id: gallery._id,
      deleted: t("{{title}} was deleted.", { title: gallery.title }),
      failTitle: t("Could not delete the gallery"),
      onDeleted: () => {
        if (editing?._id === gallery._id) close();
      },
    });

  const startNew = () => {
    setDrawerTab("details");
    openNew();
  };
  /** An empty gallery opens on its photos, the others on their details. */
  const openEdit = (gallery: StudioGallery) => {
    setDrawerTab(gallery.photosCount === 0 ? "photos" : "details");
    openItem(gallery);
  };

  const onSaved = (gallery: StudioGallery, created: boolean) => {
    openItem(gallery, created);
    if (created) setDrawerTab("photos");
    notifications.show(
      created
        ? { color: "teal", title: t("Gallery created"), message: t("Now add its photos.") }
        : { color: "teal", message: t("Your changes are saved.") },
    );
  };

  return (
    <StudioAssetScreen
      title={t("My galleries")}
      description={t("Create galleries, then upload, order and curate their photos.")}
      noun="gallery"
      plural="galleries"
      icon={IconPhoto}
      assets={assets}
      onNew={startNew}
      table={
        <DataTable
          label={t("My galleries")}
          minWidth={800}
          spacing="md"
          busy={loading}
          columns={[
            { label: t("Cover"), hidden: true },
            { label: t("Title") },
            { label: t("Access") },
            { label: t("Status") },
            { label: t("Photos"), right: true },
            { label: t("Views"), right: true },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {result?.data.map((gallery) => (
            <Table.Tr key={gallery._id} data-testid={`gallery-row-${gallery._id}`}>
              <Table.Td w={130}>
                <Cover gallery={gallery} />
              </Table.Td>
              <AssetTitleCell
                title={gallery.title}
                onEdit={() => openEdit(gallery)}
                meta={t("Created {{date}}", { date: f.date(gallery.createdAt) })}
              />
              <AccessStatusCells item={gallery} currencySymbol={currencySymbol} />
              <Table.Td ta="right">{gallery.photosCount}</Table.Td>
              <Table.Td ta="right">{f.number(gallery.stats.views)}</Table.Td>
              <Table.Td>
                <EditDeleteActions
                  name={gallery.title}
                  onEdit={() => openEdit(gallery)}
                  onDelete={() => void confirmRemove(gallery)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      }
    >
      <EditDrawer opened={drawer !== null} onClose={close} title={editing ? t("Edit gallery") : t("New gallery")}>
        {drawer && (
          <AssetDrawerTabs
            tab={drawerTab}
            onTab={setDrawerTab}
            editing={!!editing}
            people={editing ? <AppearingPeoplePanel kind="gallery" itemId={editing._id} /> : null}
            media={{ value: "photos", label: t("Photos"), icon: <IconPhoto size={16} /> }}
            form={
              <AssetForm<GalleryFormValues, StudioGallery>
                key={editing?._id ?? "new"}
                kind="gallery"
                item={editing}
                isAdmin={isAdmin}
                options={options}
                initialValues={galleryFormValues(editing)}
                validate={(values) => ({
                  ...schemaErrors(createGalleryBody, galleryBody(values)),
                  ...validateGalleryForm(values),
                })}
                toBody={galleryBody}
                onSaved={onSaved}
                fields={(form, choices) => <AssetFields form={form} kind="gallery" {...choices} />}
              />
            }
            newHint={t("Create the gallery first; then add its photos under Photos.")}
            panel={
              editing && (
                <PhotosManager
                  key={editing._id}
                  gallery={editing}
                  loaded={data.photos?.galleryId === editing._id ? data.photos : { result: null, error: null }}
                />
              )
            }
          />
        )}
      </EditDrawer>
      {confirmDialog}
    </StudioAssetScreen>
  );
}

export default function StudioGalleriesPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  if (!role) return <StudioForbidden />;
  return <GalleriesManager isAdmin={role === "admin"} data={loaderData} />;
}
