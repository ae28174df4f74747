import { Alert, Badge, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Gallery, StudioPhoto } from "@marquee/contracts/galleries";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { byPosition, coverPhotoId, movePhoto, needsPolling } from "../../lib/studio-media.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useConfirm } from "../ConfirmDialog.tsx";
import { PhotoTile, UploadQueue } from "./PhotoTiles.tsx";
import { PhotoDropzone, usePhotoUploads } from "./PhotoUploads.tsx";
import { useProcessingPoll } from "./use-studio-assets.ts";

/** The owner's gallery: a public gallery plus the viewer flags and when it changed. */
export type StudioGallery = Gallery & { updatedAt: string };

const enc = encodeURIComponent;

/**
 * The photos of a gallery: drop several to upload them one request at a time with their progress, order them,
 * pick the cover, delete them. Saving goes through the page's intents; the loader's data is the list.
 */
export function PhotosManager({
  gallery,
  loaded,
}: {
  gallery: StudioGallery;
  /** The gallery's photos as the page's loader read them. */
  loaded: { result: StudioPhoto[] | null; error: string | null };
}) {
  const [confirm, confirmDialog] = useConfirm();
  const revalidator = useRevalidator();
  const { run, busy } = useIntent();
  const galleryId = gallery._id;
  // A move shows at once, as the new order of the photos the loader read, until it reads them again.
  const [moved, setMoved] = useState<{ of: StudioPhoto[]; photos: StudioPhoto[] } | null>(null);
  const photos = moved && moved.of === loaded.result ? moved.photos : loaded.result ? byPosition(loaded.result) : null;
  const load = () => void revalidator.revalidate();

  // The cover the API reports: the chosen photo, else the first one.
  const coverId = photos ? coverPhotoId(gallery.cover, photos) : null;

  // Photos are processed after upload; ask again while any is pending.
  useProcessingPoll(!!photos && needsPolling(photos));

  // One upload request at a time; the list is read again after each.
  const uploads = usePhotoUploads(`/performer/assets/galleries/${enc(galleryId)}/photos/upload`, load);
  const { t } = useTranslation();

  const move = async (index: number, delta: number) => {
    if (!photos) return;
    const { photos: reordered, changes } = movePhoto(photos, index, index + delta);
    if (!changes.length || !loaded.result) return;
    setMoved({ of: loaded.result, photos: reordered });
    try {
      await run("reorder", { changes });
    } catch (e) {
      setMoved(null);
      notifications.show({ color: "red", title: t("Could not reorder the photos"), message: errorMessage(e) });
    }
  };

  const makeCover = async (photo: StudioPhoto) => {
    try {
      await run("cover", { id: galleryId, photoId: photo._id });
      notifications.show({ color: "teal", message: t("The gallery has a new cover.") });
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not set the cover"), message: errorMessage(e) });
    }
  };

  const remove = async (photo: StudioPhoto, n: number) => {
    const ok = await confirm({
      title: t("Delete this photo?"),
      message: photo.title
        ? t("Photo {{n}} ({{title}}) is removed from the gallery for good.", { n, title: photo.title })
        : t("Photo {{n}} is removed from the gallery for good.", { n }),
      confirmLabel: t("Delete photo"),
    });
    if (!ok) return;
    try {
      await run("deletePhoto", { photoId: photo._id });
      notifications.show({ color: "teal", message: t("Photo deleted.") });
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not delete the photo"), message: errorMessage(e) });
    }
  };

  return (
    <Stack gap="md" component="section" aria-label={t("Photos")}>
      <Group justify="space-between">
        <Title order={3} fz="md">
          {t("Photos")}
        </Title>
        {photos && (
          <Badge variant="light" color="gray">
            {t("{{n}} photos", { count: photos.length, n: photos.length })}
          </Badge>
        )}
      </Group>
      <PhotoDropzone uploads={uploads} />
      <UploadQueue queue={uploads.queue} onClear={uploads.clear} />
      {loaded.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t(loaded.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={load}>
              {t("Try again")}
            </Button>
          </Stack>
        </Alert>
      ) : !photos ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={140} />
          ))}
        </SimpleGrid>
      ) : photos.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("No photos yet. The first photo becomes the cover unless you choose another.")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo._id}
              image={photo.thumbnail}
              title={photo.title}
              processing={photo.processing}
              index={index}
              count={photos.length}
              isCover={coverId === photo._id}
              busy={busy}
              onMove={(delta) => void move(index, delta)}
              onCover={() => void makeCover(photo)}
              onDelete={() => void remove(photo, index + 1)}
            />
          ))}
        </SimpleGrid>
      )}
      {confirmDialog}
    </Stack>
  );
}
