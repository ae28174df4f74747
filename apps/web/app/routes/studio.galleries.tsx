import "@mantine/dropzone/styles.css";
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { Dropzone, type FileRejection, IMAGE_MIME_TYPE } from "@mantine/dropzone";
import { notifications } from "@mantine/notifications";
import { createGalleryBody, type Gallery, type StudioPhoto } from "@marquee/contracts/galleries";
import { DEFAULT_IMAGE_MAX_MB } from "@marquee/contracts/site";
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconPhoto,
  IconPhotoStar,
  IconTrash,
  IconUpload,
  IconX,
} from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { DataTable, EditDeleteActions, EditDrawer, MediaThumb } from "../components/admin/ManageList.tsx";
import { uploadFile, useConfirmedDelete } from "../components/admin/use-manage.tsx";
import { useConfirm } from "../components/ConfirmDialog.tsx";
import { AssetForm } from "../components/studio/AssetForm.tsx";
import {
  AccessStatusCells,
  AssetDrawerTabs,
  AssetTitleCell,
  StudioAssetScreen,
} from "../components/studio/AssetList.tsx";
import { StudioForbidden, useStudioRole } from "../components/studio/StudioPage.tsx";
import { useStudioAssets } from "../components/studio/use-studio-assets.ts";
import { api, errorMessage } from "../lib/api.ts";
import { formatDate } from "../lib/format.ts";
import { pageMeta } from "../lib/meta.ts";
import {
  byPosition,
  clearFinished,
  coverPhotoId,
  fileProblem,
  formatBytes,
  type GalleryFormValues,
  galleryBody,
  galleryFormValues,
  isProcessing,
  movePhoto,
  needsPolling,
  nextQueued,
  PROCESSING_POLL_MS,
  processingColors,
  processingLabels,
  type QueuedUpload,
  queueFiles,
  queueSummary,
  schemaErrors,
  updateUpload,
  validateGalleryForm,
} from "../lib/studio.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/studio.galleries";

export const handle = pages.studioGalleries.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "My galleries", "Create galleries and upload, order and curate their photos.");

/** The owner's gallery: a public gallery plus the viewer flags and when it changed. */
type StudioGallery = Gallery & { updatedAt: string };
type PhotoPage = { data: StudioPhoto[]; total: number; next: string | null };

const enc = encodeURIComponent;
/** At most this many photos are loaded into the manager (pages of 100 through the cursor). */
const MAX_PHOTOS = 1000;

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

// ---- the gallery form -------------------------------------------------------------------------------------------

function GalleryForm({
  gallery,
  isAdmin,
  onSaved,
}: {
  gallery: StudioGallery | null;
  isAdmin: boolean;
  onSaved: (gallery: StudioGallery, created: boolean) => void;
}) {
  return (
    <AssetForm<GalleryFormValues, StudioGallery>
      kind="gallery"
      item={gallery}
      isAdmin={isAdmin}
      path="/performer/assets/galleries"
      initialValues={galleryFormValues(gallery)}
      validate={(values) => ({
        ...schemaErrors(createGalleryBody, galleryBody(values)),
        ...validateGalleryForm(values),
      })}
      toBody={galleryBody}
      onSaved={onSaved}
    />
  );
}

// ---- photos -----------------------------------------------------------------------------------------------------

function UploadQueue({ queue, onClear }: { queue: QueuedUpload[]; onClear: () => void }) {
  if (!queue.length) return null;
  const { done, failed, total } = queueSummary(queue);
  return (
    <Stack gap="xs" aria-label="Photo uploads" component="section">
      <Group justify="space-between">
        <Text size="sm" fw={600} data-testid="photo-upload-summary">
          {done} of {total} uploaded{failed ? ` · ${failed} failed` : ""}
        </Text>
        {done + failed === total && (
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
            Clear
          </Button>
        )}
      </Group>
      {queue.map((u) => (
        <Box key={u.key}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" truncate="end" style={{ minWidth: 0 }}>
              {u.name}{" "}
              <Text span c="dimmed" size="xs">
                {formatBytes(u.size)}
              </Text>
            </Text>
            <Text size="xs" c={u.state === "failed" ? "red" : "dimmed"} style={{ whiteSpace: "nowrap" }}>
              {u.state === "queued"
                ? "Waiting"
                : u.state === "uploading"
                  ? `${u.progress}%`
                  : u.state === "done"
                    ? "Uploaded"
                    : "Failed"}
            </Text>
          </Group>
          <Progress
            size="sm"
            value={u.state === "failed" ? 100 : u.progress}
            color={u.state === "failed" ? "red" : u.state === "done" ? "teal" : undefined}
            animated={u.state === "uploading"}
            aria-label={`Upload of ${u.name}`}
          />
          {u.error && (
            <Text size="xs" c="red">
              {u.error}
            </Text>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function PhotoTile({
  photo,
  index,
  count,
  isCover,
  busy,
  onMove,
  onCover,
  onDelete,
}: {
  photo: StudioPhoto;
  index: number;
  count: number;
  isCover: boolean;
  busy: boolean;
  onMove: (delta: number) => void;
  onCover: () => void;
  onDelete: () => void;
}) {
  const n = index + 1;
  const { status, error } = photo.processing;
  return (
    <Box className="marquee-photo-tile" data-cover={isCover} data-testid="studio-photo">
      {photo.thumbnail ? (
        <img
          src={photo.thumbnail.url}
          srcSet={photo.thumbnail.srcSet ?? undefined}
          sizes="200px"
          alt={photo.title || `Photo ${n}`}
          width={photo.thumbnail.width}
          height={photo.thumbnail.height}
          loading="lazy"
        />
      ) : (
        <Box className="marquee-photo-missing" role="img" aria-label={`Photo ${n}: ${processingLabels[status]}`}>
          <IconPhoto size={28} stroke={1.5} />
        </Box>
      )}
      <Group gap={4} p={6} justify="space-between" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            #{n}
          </Text>
          {isCover && (
            <Badge size="xs" variant="filled">
              Cover
            </Badge>
          )}
          {status !== "ready" && status !== "none" && (
            <Tooltip label={error ?? processingLabels[status]} disabled={!error}>
              <Badge size="xs" color={processingColors[status]} variant="filled">
                {processingLabels[status]}
              </Badge>
            </Tooltip>
          )}
        </Group>
        <Group gap={0} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            disabled={busy || index === 0}
            onClick={() => onMove(-1)}
            aria-label={`Move photo ${n} earlier`}
          >
            <IconArrowLeft size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            disabled={busy || index === count - 1}
            onClick={() => onMove(1)}
            aria-label={`Move photo ${n} later`}
          >
            <IconArrowRight size={14} />
          </ActionIcon>
          <Tooltip label="Use as cover">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              disabled={busy || isCover || isProcessing(status)}
              onClick={onCover}
              aria-label={`Use photo ${n} as cover`}
            >
              <IconPhotoStar size={14} />
            </ActionIcon>
          </Tooltip>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            disabled={busy}
            onClick={onDelete}
            aria-label={`Delete photo ${n}`}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      </Group>
    </Box>
  );
}

function PhotosManager({
  gallery,
  onChanged,
  onGalleryUpdated,
}: {
  gallery: StudioGallery;
  /** Photos were added, moved or removed: the gallery (count, cover) is to be read again. */
  onChanged: () => void;
  onGalleryUpdated: (gallery: StudioGallery) => void;
}) {
  const [confirm, confirmDialog] = useConfirm();
  const [photos, setPhotos] = useState<StudioPhoto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  const [busy, setBusy] = useState(false);
  const files = useRef(new Map<string, File>());
  const seq = useRef(0);
  const galleryId = gallery._id;

  const load = useCallback(async () => {
    try {
      const all: StudioPhoto[] = [];
      let cursor: string | null = null;
      do {
        const res: PhotoPage = await api.get<PhotoPage>(`/performer/assets/galleries/${enc(galleryId)}/photos`, {
          limit: 100,
          cursor: cursor ?? undefined,
        });
        all.push(...res.data);
        cursor = res.next;
      } while (cursor && all.length < MAX_PHOTOS);
      setPhotos(byPosition(all));
      setLoadError(null);
    } catch (e) {
      setLoadError(errorMessage(e, "Could not load the photos."));
    }
  }, [galleryId]);

  useEffect(() => {
    void load();
  }, [load]);

  // The cover the API reports: the chosen photo, else the first one.
  const coverId = photos ? coverPhotoId(gallery.cover, photos) : null;

  // Photos are processed after upload; ask again while any is pending.
  useEffect(() => {
    if (!photos || !needsPolling(photos)) return;
    const timer = window.setTimeout(() => void load(), PROCESSING_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [photos, load]);

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
    uploadFile<StudioPhoto>(`/performer/assets/galleries/${enc(galleryId)}/photos/upload`, file, (progress) =>
      setQueue((q) => updateUpload(q, next.key, { progress })),
    )
      .then((photo) => {
        setQueue((q) => updateUpload(q, next.key, { state: "done", progress: 100 }));
        if (photo && typeof photo === "object" && "_id" in photo) {
          setPhotos((list) => byPosition([...(list ?? []).filter((p) => p._id !== photo._id), photo]));
        }
      })
      .catch((e: unknown) => {
        setQueue((q) => updateUpload(q, next.key, { state: "failed", error: errorMessage(e) }));
      })
      .finally(() => {
        files.current.delete(next.key);
      });
  }, [queue, galleryId]);

  // When the last file of a batch is through, reload once so counts and covers are the server's.
  const finished = queue.length > 0 && queue.every((u) => u.state === "done" || u.state === "failed");
  useEffect(() => {
    if (!finished) return;
    void load();
    onChanged();
  }, [finished, load, onChanged]);

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
    if (!changes.length) return;
    setPhotos(reordered);
    setBusy(true);
    try {
      for (const change of changes) {
        await api.put(`/performer/assets/photos/${enc(change._id)}`, { position: change.position });
      }
      onChanged();
    } catch (e) {
      notifications.show({ color: "red", title: "Could not reorder the photos", message: errorMessage(e) });
      await load();
    } finally {
      setBusy(false);
    }
  };

  const makeCover = async (photo: StudioPhoto) => {
    setBusy(true);
    try {
      const updated = await api.put<StudioGallery>(`/performer/assets/galleries/${enc(galleryId)}`, {
        coverPhotoId: photo._id,
      });
      onGalleryUpdated(updated);
      onChanged();
      notifications.show({ color: "teal", message: "The gallery has a new cover." });
    } catch (e) {
      notifications.show({ color: "red", title: "Could not set the cover", message: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (photo: StudioPhoto, n: number) => {
    const ok = await confirm({
      title: "Delete this photo?",
      message: `Photo ${n}${photo.title ? ` (${photo.title})` : ""} is removed from the gallery for good.`,
      confirmLabel: "Delete photo",
    });
    if (!ok) return;
    setBusy(true);
    try {
      await api.del(`/performer/assets/photos/${enc(photo._id)}`);
      setPhotos((list) => (list ?? []).filter((p) => p._id !== photo._id));
      onChanged();
      notifications.show({ color: "teal", message: "Photo deleted." });
    } catch (e) {
      notifications.show({ color: "red", title: "Could not delete the photo", message: errorMessage(e) });
    } finally {
      setBusy(false);
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
      {loadError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{loadError}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void load()}>
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

// ---- the list ---------------------------------------------------------------------------------------------------

function GalleriesManager({ isAdmin }: { isAdmin: boolean }) {
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol);
  const [remove, confirmDialog] = useConfirmedDelete();
  const assets = useStudioAssets<StudioGallery>("/performer/assets/galleries/search", "Could not load your galleries.");
  const { page, setPage, result, setResult, loading, load, drawer, setDrawer, sync: syncGallery, closeItem } = assets;
  const [drawerTab, setDrawerTab] = useState<"details" | "photos">("details");

  const quietReload = useCallback(() => load(true), [load]);

  const confirmRemove = (gallery: StudioGallery) =>
    remove({
      title: "Delete this gallery?",
      message: (
        <>
          <b>{gallery.title}</b> and all its photos are removed for good.
        </>
      ),
      confirmLabel: "Delete gallery",
      path: `/performer/assets/galleries/${enc(gallery._id)}`,
      deleted: `${gallery.title} was deleted.`,
      failTitle: "Could not delete the gallery",
      onDeleted: () => {
        closeItem(gallery._id);
        load(true);
      },
    });

  const openNew = () => {
    setDrawerTab("details");
    setDrawer({ mode: "new" });
  };
  /** An empty gallery opens on its photos, the others on their details. */
  const openEdit = (gallery: StudioGallery) => {
    setDrawerTab(gallery.photosCount === 0 ? "photos" : "details");
    setDrawer({ mode: "edit", item: gallery });
  };

  const onSaved = (gallery: StudioGallery, created: boolean) => {
    setDrawer({ mode: "edit", item: gallery });
    if (created) setDrawerTab("photos");
    setResult((r) => (r ? { ...r, data: r.data.map((g) => (g._id === gallery._id ? gallery : g)) } : r));
    notifications.show(
      created
        ? { color: "teal", title: "Gallery created", message: "Now add its photos." }
        : { color: "teal", message: "Your changes are saved." },
    );
    if (created && page !== 1) setPage(1);
    else load(true);
  };

  const editing = drawer?.mode === "edit" ? drawer.item : null;

  return (
    <StudioAssetScreen
      title="My galleries"
      description="Create galleries, then upload, order and curate their photos."
      noun="gallery"
      plural="galleries"
      icon={IconPhoto}
      assets={assets}
      onNew={openNew}
      table={
        <DataTable
          label="My galleries"
          minWidth={800}
          spacing="md"
          busy={loading}
          columns={[
            { label: "Cover", hidden: true },
            { label: "Title" },
            { label: "Access" },
            { label: "Status" },
            { label: "Photos", right: true },
            { label: "Views", right: true },
            { label: "Actions", hidden: true },
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
                meta={`Created ${formatDate(gallery.createdAt)}`}
              />
              <AccessStatusCells item={gallery} currencySymbol={currencySymbol} />
              <Table.Td ta="right">{gallery.photosCount}</Table.Td>
              <Table.Td ta="right">{gallery.stats.views.toLocaleString("en")}</Table.Td>
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
      <EditDrawer
        opened={drawer !== null}
        onClose={() => {
          setDrawer(null);
          load(true);
        }}
        title={editing ? "Edit gallery" : "New gallery"}
      >
        {drawer && (
          <AssetDrawerTabs
            tab={drawerTab}
            onTab={setDrawerTab}
            editing={!!editing}
            media={{ value: "photos", label: "Photos", icon: <IconPhoto size={16} /> }}
            form={<GalleryForm key={editing?._id ?? "new"} gallery={editing} isAdmin={isAdmin} onSaved={onSaved} />}
            newHint="Create the gallery first; then add its photos under Photos."
            panel={
              editing && (
                <PhotosManager
                  key={editing._id}
                  gallery={editing}
                  onChanged={quietReload}
                  onGalleryUpdated={syncGallery}
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

export default function StudioGalleriesPage() {
  const role = useStudioRole();
  if (!role) return <StudioForbidden />;
  return <GalleriesManager isAdmin={role === "admin"} />;
}
