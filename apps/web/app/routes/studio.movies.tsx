import "@mantine/dropzone/styles.css";
import {
  Alert,
  Anchor,
  Badge,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { notifications } from "@mantine/notifications";
import { createVideoBody, type StudioVideo } from "@marquee/contracts/videos";
import {
  IconAlertCircle,
  IconCalendarEvent,
  IconExternalLink,
  IconMovie,
  IconPhoto,
  IconUpload,
  IconX,
} from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { DataTable, EditDeleteActions, EditDrawer, MediaThumb } from "../components/admin/ManageList.tsx";
import { uploadFile, useConfirmedDelete } from "../components/admin/use-manage.tsx";
import { AssetForm } from "../components/studio/AssetForm.tsx";
import {
  AccessStatusCells,
  AssetDrawerTabs,
  AssetTitleCell,
  StudioAssetScreen,
} from "../components/studio/AssetList.tsx";
import { StudioForbidden, useStudioRole } from "../components/studio/StudioPage.tsx";
import { UploadButton, UploadProgressLine } from "../components/studio/UploadButton.tsx";
import { useStudioAssets } from "../components/studio/use-studio-assets.ts";
import { api, errorMessage } from "../lib/api.ts";
import { formatDate, formatDateTime, formatDuration } from "../lib/format.ts";
import { pageMeta } from "../lib/meta.ts";
import {
  fileProblem,
  formatBytes,
  isProcessing,
  mediaProcessedMessage,
  needsPolling,
  PROCESSING_POLL_MS,
  parseMediaProcessed,
  processingColors,
  processingLabels,
  schemaErrors,
  type VideoFormValues,
  validateVideoForm,
  videoBody,
  videoFormValues,
} from "../lib/studio.ts";
import { pages } from "../pages.ts";
import { useSocket } from "../realtime/SocketProvider.tsx";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/studio.movies";

export const handle = pages.studioMovies.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "My movies", "Create movies, upload their files and follow their processing.");

/** The movie-file upload of one movie: its percentage, and whether it finished. */
type MovieUpload = { percent: number; done: boolean };

const enc = encodeURIComponent;

function ProcessingBadge({ video, size = "md" }: { video: Pick<StudioVideo, "processing">; size?: "xs" | "md" }) {
  const { status, error } = video.processing;
  const badge = (
    <Badge
      size={size}
      color={processingColors[status]}
      variant="filled"
      leftSection={isProcessing(status) ? <span className="marquee-pulse" aria-hidden /> : undefined}
      data-testid="processing-badge"
    >
      {processingLabels[status]}
    </Badge>
  );
  if (status === "failed" && error) {
    return (
      <Tooltip label={error} multiline w={260} withArrow>
        {badge}
      </Tooltip>
    );
  }
  return badge;
}

function Thumb({ video, width = 112 }: { video: StudioVideo; width?: number }) {
  return (
    <MediaThumb
      image={video.thumbnail}
      width={width}
      height={Math.round((width * 9) / 16)}
      icon={IconMovie}
      iconSize={22}
    />
  );
}

// ---- the movie form ---------------------------------------------------------------------------------------------

function MovieForm({
  video,
  isAdmin,
  onSaved,
}: {
  video: StudioVideo | null;
  isAdmin: boolean;
  onSaved: (video: StudioVideo, created: boolean) => void;
}) {
  return (
    <AssetForm<VideoFormValues, StudioVideo>
      kind="movie"
      item={video}
      isAdmin={isAdmin}
      path="/performer/assets/videos"
      initialValues={videoFormValues(video)}
      validate={(values) => ({ ...schemaErrors(createVideoBody, videoBody(values)), ...validateVideoForm(values) })}
      toBody={videoBody}
      onSaved={onSaved}
      extra={(form) => (
        <TextInput
          type="datetime-local"
          label="Scheduled release"
          description="Announce the movie as coming and publish it at this time. Leave empty to publish when ready."
          leftSection={<IconCalendarEvent size={16} />}
          key={form.key("scheduledAt")}
          {...form.getInputProps("scheduledAt")}
        />
      )}
    />
  );
}

// ---- the media of a movie ---------------------------------------------------------------------------------------

function MovieFileDrop({
  video,
  upload,
  onFile,
}: {
  video: StudioVideo;
  upload: MovieUpload | undefined;
  onFile: (file: File) => void;
}) {
  const uploading = !!upload && !upload.done;
  const reject = (rejections: FileRejection[]) => {
    const reason = rejections[0]?.errors[0]?.message ?? "This file cannot be uploaded.";
    notifications.show({ color: "red", title: "Cannot upload this file", message: reason });
  };
  const hasFile = video.processing.status !== "none";
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => {
          const file = files[0];
          if (file) onFile(file);
        }}
        onReject={reject}
        accept={["video/*"]}
        multiple={false}
        maxFiles={1}
        disabled={uploading}
        data-testid="movie-dropzone"
        inputProps={{ "aria-label": hasFile ? "Replace the movie file" : "Movie file" }}
      >
        <Group justify="center" gap="lg" mih={110} style={{ pointerEvents: "none" }}>
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.5} color="var(--mantine-primary-color-filled)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconMovie size={40} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text fw={600}>{hasFile ? "Drop a new file to replace the movie" : "Drag the movie file here"}</Text>
            <Text size="sm" c="dimmed">
              Or click to choose it. MP4, MOV, WebM or MKV; it is converted for streaming after the upload.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {upload && (
        <UploadProgressLine
          percent={upload.percent}
          done={upload.done}
          label="Movie file"
          testId="movie-upload-progress"
        />
      )}
    </Stack>
  );
}

function MovieMedia({
  video,
  upload,
  onMovieFile,
  onUpdated,
}: {
  video: StudioVideo;
  upload: MovieUpload | undefined;
  onMovieFile: (file: File) => void;
  onUpdated: (video: StudioVideo | null) => void;
}) {
  const { status, error } = video.processing;
  const uploadTo = (kind: "teaser" | "thumbnail") => async (file: File, onProgress: (p: number) => void) => {
    const updated = await uploadFile<StudioVideo | null>(
      `/performer/assets/videos/${enc(video._id)}/upload/${kind}`,
      file,
      onProgress,
    );
    onUpdated(updated && typeof updated === "object" && "_id" in updated ? updated : null);
    notifications.show({ color: "teal", message: kind === "teaser" ? "Teaser uploaded." : "Thumbnail uploaded." });
  };

  return (
    <Stack gap="lg" component="section" aria-label="Movie media">
      <Group justify="space-between" align="center">
        <Title order={3} fz="md">
          Movie file
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Processing
          </Text>
          <ProcessingBadge video={video} />
        </Group>
      </Group>
      {status === "failed" && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Processing failed">
          {error ?? "The file could not be processed."} Upload another file to try again.
        </Alert>
      )}
      {isProcessing(status) && (
        <Text size="sm" c="dimmed">
          The movie is being converted for streaming. This page updates by itself when it is ready.
        </Text>
      )}
      {status === "ready" && (
        <Group gap="lg">
          {video.durationSec !== null && <Text size="sm">Duration {formatDuration(video.durationSec)}</Text>}
          {video.sourceSizeBytes !== null && <Text size="sm">File {formatBytes(video.sourceSizeBytes)}</Text>}
          {video.status === "active" && !video.isComing && (
            <Anchor component={Link} to={`/movies/${enc(video.slug)}`} size="sm">
              <Group gap={4} component="span">
                View on the site <IconExternalLink size={14} />
              </Group>
            </Anchor>
          )}
        </Group>
      )}
      <MovieFileDrop video={video} upload={upload} onFile={onMovieFile} />

      <Divider />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={3} fz="md">
            Thumbnail
          </Title>
          <Thumb video={video} width={224} />
          <UploadButton
            kind="thumbnail"
            what="thumbnail"
            label={video.thumbnail ? "Replace thumbnail" : "Upload thumbnail"}
            icon={<IconPhoto size={16} />}
            upload={uploadTo("thumbnail")}
            testId="thumbnail-upload-progress"
          />
          <Text size="xs" c="dimmed">
            Without one, a frame of the movie is used.
          </Text>
        </Stack>
        <Stack gap="xs">
          <Title order={3} fz="md">
            Teaser
          </Title>
          <Text size="sm" c="dimmed">
            {video.teaser ? "A teaser is shown to viewers who cannot watch yet." : "No teaser yet."}
          </Text>
          {video.teaser && (
            <video src={video.teaser} muted controls preload="none" width={224} style={{ borderRadius: 6 }} />
          )}
          <UploadButton
            kind="teaser"
            what="teaser"
            label={video.teaser ? "Replace teaser" : "Upload teaser"}
            upload={uploadTo("teaser")}
            testId="teaser-upload-progress"
          />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

// ---- the list ---------------------------------------------------------------------------------------------------

function MovieRow({
  video,
  upload,
  currencySymbol,
  onEdit,
  onDelete,
}: {
  video: StudioVideo;
  upload: MovieUpload | undefined;
  currencySymbol: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Table.Tr data-testid={`movie-row-${video._id}`}>
      <Table.Td w={130}>
        <Thumb video={video} />
      </Table.Td>
      <AssetTitleCell
        title={video.title}
        onEdit={onEdit}
        meta={[
          video.durationSec !== null ? formatDuration(video.durationSec) : null,
          video.isComing && video.scheduledAt ? `Coming ${formatDateTime(video.scheduledAt)}` : null,
          `Created ${formatDate(video.createdAt)}`,
        ]
          .filter(Boolean)
          .join(" · ")}
      >
        {upload && !upload.done && (
          <Text size="xs" c="grape" fw={600}>
            Uploading… {upload.percent}%
          </Text>
        )}
      </AssetTitleCell>
      <AccessStatusCells item={video} currencySymbol={currencySymbol} />
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <ProcessingBadge video={video} />
          {video.processing.status === "failed" && video.processing.error && (
            <Text size="xs" c="red" maw={220} lineClamp={2}>
              {video.processing.error}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td ta="right">{video.stats.views.toLocaleString("en")}</Table.Td>
      <Table.Td>
        <EditDeleteActions name={video.title} onEdit={onEdit} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}

function MoviesManager({ isAdmin }: { isAdmin: boolean }) {
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol);
  const { socket } = useSocket();
  const [remove, confirmDialog] = useConfirmedDelete();
  const assets = useStudioAssets<StudioVideo>("/performer/assets/videos/search", "Could not load your movies.");
  const { page, setPage, result, loading, load, drawer, setDrawer, sync: syncVideo, closeItem } = assets;
  const [drawerTab, setDrawerTab] = useState<"details" | "media">("details");
  const [uploads, setUploads] = useState<Record<string, MovieUpload>>({});

  const refreshOne = useCallback(
    (id: string) =>
      api
        .get<StudioVideo>(`/performer/assets/videos/${enc(id)}/view`)
        .then(syncVideo)
        .catch(() => undefined),
    [syncVideo],
  );

  // While something is pending or processing, ask again every few seconds.
  const drawerVideo = drawer?.mode === "edit" ? drawer.item : null;
  const listBusy = !!result && needsPolling(result.data);
  const drawerBusyId =
    drawerVideo && isProcessing(drawerVideo.processing.status) && !result?.data.some((v) => v._id === drawerVideo._id)
      ? drawerVideo._id
      : null;
  useEffect(() => {
    if (!listBusy && !drawerBusyId) return;
    const timer = window.setInterval(() => {
      if (listBusy) load(true);
      if (drawerBusyId) void refreshOne(drawerBusyId);
    }, PROCESSING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [listBusy, drawerBusyId, load, refreshOne]);

  // The API tells the owner over the socket when processing ends.
  const handlers = useRef({ load, refreshOne });
  handlers.current = { load, refreshOne };
  useEffect(() => {
    if (!socket) return;
    const onNotification = (payload: unknown) => {
      const event = parseMediaProcessed(payload);
      if (!event || !["video", "movie", "videos"].includes(event.objectType)) return;
      const toast = mediaProcessedMessage(event);
      notifications.show({ ...toast, autoClose: event.status === "ready" ? 6000 : false });
      handlers.current.load(true);
      if (event.objectId) void handlers.current.refreshOne(event.objectId);
    };
    socket.on("notification", onNotification);
    return () => {
      socket.off("notification", onNotification);
    };
  }, [socket]);

  const openNew = () => {
    setDrawerTab("details");
    setDrawer({ mode: "new" });
  };
  /** A movie without a file opens on its media, the others on their details. */
  const openEdit = (video: StudioVideo) => {
    setDrawerTab(video.processing.status === "none" ? "media" : "details");
    setDrawer({ mode: "edit", item: video });
  };

  const uploadMovie = async (video: StudioVideo, file: File) => {
    const problem = fileProblem(file, "video", { imageMaxMb: 0 });
    if (problem) {
      notifications.show({ color: "red", title: "Cannot upload this file", message: problem });
      return;
    }
    const id = video._id;
    const set = (u: MovieUpload | null) =>
      setUploads((all) => {
        const next = { ...all };
        if (u) next[id] = u;
        else delete next[id];
        return next;
      });
    set({ percent: 0, done: false });
    try {
      const updated = await uploadFile<StudioVideo | null>(
        `/performer/assets/videos/${enc(id)}/upload/video`,
        file,
        (percent) => set({ percent, done: false }),
      );
      set({ percent: 100, done: true });
      if (updated && typeof updated === "object" && "_id" in updated) syncVideo(updated);
      else void refreshOne(id);
      load(true);
      notifications.show({
        color: "teal",
        title: "Upload finished",
        message: `${video.title} is being processed. You can keep working meanwhile.`,
      });
    } catch (e) {
      set(null);
      notifications.show({ color: "red", title: "The movie upload failed", message: errorMessage(e) });
    }
  };

  const confirmRemove = (video: StudioVideo) =>
    remove({
      title: "Delete this movie?",
      message: (
        <>
          <b>{video.title}</b> and its files are removed for good. Buyers and members lose access to it.
        </>
      ),
      confirmLabel: "Delete movie",
      path: `/performer/assets/videos/${enc(video._id)}`,
      deleted: `${video.title} was deleted.`,
      failTitle: "Could not delete the movie",
      onDeleted: () => {
        closeItem(video._id);
        load(true);
      },
    });

  const onSaved = (video: StudioVideo, created: boolean) => {
    setDrawer({ mode: "edit", item: video });
    if (created) {
      setDrawerTab("media");
      notifications.show({ color: "teal", title: "Movie created", message: "Now upload the movie file." });
      if (page !== 1) setPage(1);
      else load(true);
    } else {
      syncVideo(video);
      notifications.show({ color: "teal", message: "Your changes are saved." });
    }
  };

  const editing = drawer?.mode === "edit" ? drawer.item : null;

  return (
    <StudioAssetScreen
      title="My movies"
      description="Create movies, upload their files and follow their processing."
      noun="movie"
      plural="movies"
      icon={IconMovie}
      assets={assets}
      onNew={openNew}
      table={
        <DataTable
          label="My movies"
          minWidth={860}
          spacing="md"
          busy={loading}
          columns={[
            { label: "Thumbnail", hidden: true },
            { label: "Title" },
            { label: "Access" },
            { label: "Status" },
            { label: "Processing" },
            { label: "Views", right: true },
            { label: "Actions", hidden: true },
          ]}
        >
          {result?.data.map((video) => (
            <MovieRow
              key={video._id}
              video={video}
              upload={uploads[video._id]}
              currencySymbol={currencySymbol}
              onEdit={() => openEdit(video)}
              onDelete={() => void confirmRemove(video)}
            />
          ))}
        </DataTable>
      }
    >
      <EditDrawer opened={drawer !== null} onClose={() => setDrawer(null)} title={editing ? "Edit movie" : "New movie"}>
        {drawer && (
          <AssetDrawerTabs
            tab={drawerTab}
            onTab={setDrawerTab}
            editing={!!editing}
            media={{
              value: "media",
              label: "Media",
              icon: <IconMovie size={16} />,
              rightSection: editing ? <ProcessingBadge video={editing} size="xs" /> : undefined,
            }}
            form={<MovieForm key={editing?._id ?? "new"} video={editing} isAdmin={isAdmin} onSaved={onSaved} />}
            newHint="Create the movie first; then upload its file, a teaser and a thumbnail under Media."
            panel={
              editing && (
                <MovieMedia
                  video={editing}
                  upload={uploads[editing._id]}
                  onMovieFile={(file) => void uploadMovie(editing, file)}
                  onUpdated={(v) => (v ? syncVideo(v) : void refreshOne(editing._id))}
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

export default function StudioMoviesPage() {
  const role = useStudioRole();
  if (!role) return <StudioForbidden />;
  return <MoviesManager isAdmin={role === "admin"} />;
}
