import { Alert, Badge, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { Dropzone, type FileRejection, IMAGE_MIME_TYPE } from "@mantine/dropzone";
import { notifications } from "@mantine/notifications";
import type { Gallery, StudioPhoto } from "@marquee/contracts/galleries";
import { DEFAULT_IMAGE_MAX_MB } from "@marquee/contracts/site";
import { IconAlertCircle, IconPhoto, IconUpload, IconX } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { errorMessage } from "../../lib/api.ts";
import {
  byPosition,
  clearFinished,
  coverPhotoId,
  fileProblem,
  movePhoto,
  needsPolling,
  nextQueued,
  type QueuedUpload,
  queueFiles,
  updateUpload,
} from "../../lib/studio-media.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { uploadFile } from "../admin/use-manage.tsx";
import { useConfirm } from "../ConfirmDialog.tsx";
import { PhotoTile, UploadQueue } from "./PhotoTiles.tsx";
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
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  const files = useRef(new Map<string, File>());
  const seq = useRef(0);
  const galleryId = gallery._id;
  // A move shows at once, as the new order of the photos the loader read, until it reads them again.
  const [moved, setMoved] = useState<{ of: StudioPhoto[]; photos: StudioPhoto[] } | null>(null);
  const photos = moved && moved.of === loaded.result ? moved.photos : loaded.result ? byPosition(loaded.result) : null;
  const load = () => void revalidator.revalidate();

  // The cover the API reports: the chosen photo, else the first one.
  const coverId = photos ? coverPhotoId(gallery.cover, photos) : null;

  // Photos are processed after upload; ask again while any is pending.
  useProcessingPoll(!!photos && needsPolling(photos));

  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  // One upload request at a time, in the order the files were dropped.
  useEffect(() => {
    const next = nextQueued(queue);
    if (!next) return;
    const file = files.current.get(next.key);
    if (!file) {
      setQueue((q) => updateUpload(q, next.key, { state: "failed", error: "The file is no longer available." }));
      return;
    }
    setQueue((q) => updateUpload(q, next.key, { state: "uploading", progress: 0 }));
    uploadFile(`/performer/assets/galleries/${enc(galleryId)}/photos/upload`, file, (progress) =>
      setQueue((q) => updateUpload(q, next.key, { progress })),
    )
      .then(() => {
        setQueue((q) => updateUpload(q, next.key, { state: "done", progress: 100 }));
        void revalidate.current();
      })
      .catch((e: unknown) => {
        setQueue((q) => updateUpload(q, next.key, { state: "failed", error: errorMessage(e) }));
      })
      .finally(() => {
        files.current.delete(next.key);
      });
  }, [queue, galleryId]);

  const addFiles = (dropped: File[]) => {
    const accepted: File[] = [];
    for (const file of dropped) {
      const problem = fileProblem(file, "photo", { imageMaxMb: DEFAULT_IMAGE_MAX_MB });
      if (problem) notifications.show({ color: "red", title: `Skipped ${file.name}`, message: problem });
      else accepted.push(file);
    }
    if (!accepted.length) return;
    const keys = accepted.map(() => `upload-${++seq.current}`);
    accepted.forEach((file, i) => {
      files.current.set(keys[i] as string, file);
    });
    setQueue((q) => queueFiles(clearFinished(q), accepted, (i) => keys[i] as string));
  };

  const reject = (rejections: FileRejection[]) => {
    for (const r of rejections.slice(0, 3)) {
      notifications.show({
        color: "red",
        title: `Skipped ${r.file.name}`,
        message: r.errors[0]?.message ?? "This file cannot be uploaded.",
      });
    }
  };

  const move = async (index: number, delta: number) => {
    if (!photos) return;
    const { photos: reordered, changes } = movePhoto(photos, index, index + delta);
    if (!changes.length || !loaded.result) return;
    setMoved({ of: loaded.result, photos: reordered });
    try {
      await run("reorder", { changes });
    } catch (e) {
      setMoved(null);
      notifications.show({ color: "red", title: "Could not reorder the photos", message: errorMessage(e) });
    }
  };

  const makeCover = async (photo: StudioPhoto) => {
    try {
      await run("cover", { id: galleryId, photoId: photo._id });
      notifications.show({ color: "teal", message: "The gallery has a new cover." });
    } catch (e) {
      notifications.show({ color: "red", title: "Could not set the cover", message: errorMessage(e) });
    }
  };

  const remove = async (photo: StudioPhoto, n: number) => {
    const ok = await confirm({
      title: "Delete this photo?",
      message: `Photo ${n}${photo.title ? ` (${photo.title})` : ""} is removed from the gallery for good.`,
      confirmLabel: "Delete photo",
    });
    if (!ok) return;
    try {
      await run("deletePhoto", { photoId: photo._id });
      notifications.show({ color: "teal", message: "Photo deleted." });
    } catch (e) {
      notifications.show({ color: "red", title: "Could not delete the photo", message: errorMessage(e) });
    }
  };

  const uploading = queue.some((u) => u.state === "uploading" || u.state === "queued");

  return (
    <Stack gap="md" component="section" aria-label="Photos">
      <Group justify="space-between">
        <Title order={3} fz="md">
          Photos
        </Title>
        {photos && (
          <Badge variant="light" color="gray">
            {photos.length} {photos.length === 1 ? "photo" : "photos"}
          </Badge>
        )}
      </Group>
      <Dropzone
        onDrop={addFiles}
        onReject={reject}
        accept={IMAGE_MIME_TYPE}
        maxSize={DEFAULT_IMAGE_MAX_MB * 1024 * 1024}
        multiple
        data-testid="photo-dropzone"
        inputProps={{ "aria-label": "Add photos" }}
      >
        <Group justify="center" gap="lg" mih={96} style={{ pointerEvents: "none" }}>
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} color="var(--mantine-primary-color-filled)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text fw={600}>{uploading ? "Uploading… drop more to add them" : "Drag photos here"}</Text>
            <Text size="sm" c="dimmed">
              Or click to choose several. JPEG, PNG or WebP, up to {DEFAULT_IMAGE_MAX_MB} MB each.
            </Text>
          </div>
        </Group>
      </Dropzone>
      <UploadQueue
        queue={queue}
        onClear={() => setQueue((q) => clearFinished(q).filter((u) => u.state !== "failed"))}
      />
      {loaded.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{loaded.error}</Text>
            <Button size="xs" variant="light" color="red" onClick={load}>
              Try again
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
          No photos yet. The first photo becomes the cover unless you choose another.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo._id}
              photo={photo}
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
