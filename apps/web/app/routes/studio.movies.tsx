import "@mantine/dropzone/styles.css";
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Divider,
  Drawer,
  Group,
  Image,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { createVideoBody, type StudioVideo } from "@marquee/contracts/videos";
import {
  IconAlertCircle,
  IconCalendarEvent,
  IconEdit,
  IconExternalLink,
  IconMovie,
  IconPhoto,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconTrash,
  IconUpload,
  IconX,
} from "@tabler/icons-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useConfirm } from "../components/ConfirmDialog.tsx";
import { AssetFields } from "../components/studio/AssetFields.tsx";
import { useCategoryOptions, usePerformerOptions, withSelected } from "../components/studio/options.ts";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { UploadButton, UploadProgressLine } from "../components/studio/UploadButton.tsx";
import { pageCount } from "../lib/admin.ts";
import { api, errorMessage } from "../lib/api.ts";
import { setFieldErrors } from "../lib/form-errors.ts";
import { pageMeta } from "../lib/meta.ts";
import {
  fileProblem,
  formatBytes,
  formatDate,
  formatDuration,
  isProcessing,
  mediaProcessedMessage,
  needsPolling,
  PROCESSING_POLL_MS,
  parseMediaProcessed,
  priceLabel,
  processingColors,
  processingLabels,
  STUDIO_PAGE_SIZE,
  schemaErrors,
  statusColors,
  statusLabels,
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

type VideoPage = { data: StudioVideo[]; total: number };
type StatusFilter = "all" | "draft" | "active" | "inactive";
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
  const height = Math.round((width * 9) / 16);
  if (video.thumbnail) {
    return (
      <Image
        src={video.thumbnail.url}
        srcSet={video.thumbnail.srcSet ?? undefined}
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
      <IconMovie size={22} stroke={1.5} />
    </Box>
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
  const [saving, setSaving] = useState(false);
  const categoryOptions = useCategoryOptions("video");
  const performerOptions = usePerformerOptions(isAdmin);
  const form = useForm<VideoFormValues>({
    initialValues: videoFormValues(video),
    validate: (values) => ({ ...schemaErrors(createVideoBody, videoBody(values)), ...validateVideoForm(values) }),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const body = videoBody(values);
      const saved = video
        ? await api.put<StudioVideo>(`/performer/assets/videos/${enc(video._id)}`, body)
        : await api.post<StudioVideo>("/performer/assets/videos", body);
      form.resetDirty(values);
      onSaved(saved, !video);
    } catch (error) {
      if (!setFieldErrors(form, error)) {
        notifications.show({ color: "red", title: "Could not save the movie", message: errorMessage(error) });
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Movie details">
      <Stack gap="md">
        <AssetFields
          form={form}
          kind="movie"
          categories={withSelected(categoryOptions, video?.categories ?? [])}
          performers={isAdmin ? withSelected(performerOptions, video?.performers ?? []) : null}
        />
        <TextInput
          type="datetime-local"
          label="Scheduled release"
          description="Announce the movie as coming and publish it at this time. Leave empty to publish when ready."
          leftSection={<IconCalendarEvent size={16} />}
          key={form.key("scheduledAt")}
          {...form.getInputProps("scheduledAt")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {video ? "Save changes" : "Create movie"}
          </Button>
        </Group>
      </Stack>
    </form>
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
    const updated = await api.upload<StudioVideo | null>(
      `/performer/assets/videos/${enc(video._id)}/upload/${kind}`,
      [{ fieldname: "file", file, filename: file.name }],
      { onProgress },
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
      <Table.Td>
        <Stack gap={2}>
          <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={onEdit} lineClamp={2}>
            {video.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {[
              video.durationSec !== null ? formatDuration(video.durationSec) : null,
              video.isComing && video.scheduledAt ? `Coming ${formatDate(video.scheduledAt, true)}` : null,
              `Created ${formatDate(video.createdAt)}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
          {upload && !upload.done && (
            <Text size="xs" c="grape" fw={600}>
              Uploading… {upload.percent}%
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{priceLabel(video, currencySymbol)}</Text>
      </Table.Td>
      <Table.Td>
        <Badge color={statusColors[video.status]} variant="dot">
          {statusLabels[video.status]}
        </Badge>
      </Table.Td>
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
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" color="gray" size="lg" onClick={onEdit} aria-label={`Edit ${video.title}`}>
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" size="lg" onClick={onDelete} aria-label={`Delete ${video.title}`}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

type DrawerState = { mode: "new" } | { mode: "edit"; video: StudioVideo } | null;

function MoviesManager({ isAdmin }: { isAdmin: boolean }) {
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol);
  const { socket } = useSocket();
  const [confirm, confirmDialog] = useConfirm();
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<StatusFilter>("all");
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<VideoPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const [drawerTab, setDrawerTab] = useState<"details" | "media">("details");
  const [uploads, setUploads] = useState<Record<string, MovieUpload>>({});
  const latest = useRef(0);

  /** Puts a fresh copy of a movie into the list and the open drawer. */
  const syncVideo = useCallback((video: StudioVideo) => {
    setResult((r) => (r ? { ...r, data: r.data.map((v) => (v._id === video._id ? video : v)) } : r));
    setDrawer((d) => (d?.mode === "edit" && d.video._id === video._id ? { mode: "edit", video } : d));
  }, []);

  const refreshOne = useCallback(
    (id: string) =>
      api
        .get<StudioVideo>(`/performer/assets/videos/${enc(id)}/view`)
        .then(syncVideo)
        .catch(() => undefined),
    [syncVideo],
  );

  const load = useCallback(
    (quiet = false) => {
      const id = ++latest.current;
      if (!quiet) {
        setLoading(true);
        setError(null);
      }
      api
        .get<VideoPage>("/performer/assets/videos/search", {
          q: q.trim() || undefined,
          status: status === "all" ? undefined : status,
          sortBy: "newest",
          limit: STUDIO_PAGE_SIZE,
          offset: (page - 1) * STUDIO_PAGE_SIZE,
        })
        .then((res) => {
          if (id !== latest.current) return;
          setResult(res);
          setDrawer((d) => {
            if (d?.mode !== "edit") return d;
            const fresh = res.data.find((v) => v._id === d.video._id);
            return fresh ? { mode: "edit", video: fresh } : d;
          });
        })
        .catch((e: unknown) => {
          if (id === latest.current && !quiet) setError(errorMessage(e, "Could not load your movies."));
        })
        .finally(() => {
          if (id === latest.current) setLoading(false);
        });
    },
    [q, status, page],
  );

  useEffect(() => load(), [load]);

  // While something is pending or processing, ask again every few seconds.
  const drawerVideo = drawer?.mode === "edit" ? drawer.video : null;
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
    setDrawer({ mode: "edit", video });
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
      const updated = await api.upload<StudioVideo | null>(
        `/performer/assets/videos/${enc(id)}/upload/video`,
        [{ fieldname: "file", file, filename: file.name }],
        { onProgress: (percent) => set({ percent, done: false }) },
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

  const remove = async (video: StudioVideo) => {
    const ok = await confirm({
      title: "Delete this movie?",
      message: (
        <>
          <b>{video.title}</b> and its files are removed for good. Buyers and members lose access to it.
        </>
      ),
      confirmLabel: "Delete movie",
    });
    if (!ok) return;
    try {
      await api.del(`/performer/assets/videos/${enc(video._id)}`);
      setDrawer((d) => (d?.mode === "edit" && d.video._id === video._id ? null : d));
      notifications.show({ color: "teal", message: `${video.title} was deleted.` });
      load(true);
    } catch (e) {
      notifications.show({ color: "red", title: "Could not delete the movie", message: errorMessage(e) });
    }
  };

  const onSaved = (video: StudioVideo, created: boolean) => {
    setDrawer({ mode: "edit", video });
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

  const total = result?.total ?? 0;
  let body: ReactNode;
  if (error) {
    body = (
      <Alert m="lg" color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{error}</Text>
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={() => load()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!result) {
    body = (
      <Stack p="lg" gap="xs" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={64} />
        ))}
      </Stack>
    );
  } else if (result.data.length === 0) {
    body = (
      <Stack align="center" gap="sm" p="xl" ta="center">
        <IconMovie size={36} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text c="dimmed">{q || status !== "all" ? "No movie matches these filters." : "You have no movies yet."}</Text>
        {!q && status === "all" && (
          <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
            Create your first movie
          </Button>
        )}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={860}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover
          aria-label="My movies"
          aria-busy={loading}
          style={{ opacity: loading ? 0.6 : 1, transition: "opacity 120ms ease" }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <VisuallyHidden>Thumbnail</VisuallyHidden>
              </Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>Access</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Processing</Table.Th>
              <Table.Th ta="right">Views</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.data.map((video) => (
              <MovieRow
                key={video._id}
                video={video}
                upload={uploads[video._id]}
                currencySymbol={currencySymbol}
                onEdit={() => openEdit(video)}
                onDelete={() => void remove(video)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <StudioPage
      title="My movies"
      description="Create movies, upload their files and follow their processing."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
          New movie
        </Button>
      }
    >
      <Card padding="lg">
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Search my movies"
            placeholder="Title, description or tag"
            leftSection={<IconSearch size={16} />}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: "1 1 260px" }}
          />
          <SegmentedControl
            aria-label="Filter by status"
            data={[
              { value: "all", label: "All" },
              { value: "draft", label: "Drafts" },
              { value: "active", label: "Active" },
              { value: "inactive", label: "Inactive" },
            ]}
            value={status}
            onChange={(value) => {
              setStatus(value as StatusFilter);
              setPage(1);
            }}
          />
        </Group>
      </Card>

      <Card padding={0} component="section" aria-label="Movies">
        {body}
      </Card>

      {result && total > STUDIO_PAGE_SIZE && (
        <Group justify="flex-end">
          <Pagination total={pageCount(total, STUDIO_PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      )}

      <Drawer
        closeButtonProps={{ "aria-label": "Close" }}
        opened={drawer !== null}
        onClose={() => setDrawer(null)}
        position="right"
        size="xl"
        padding="xl"
        title={
          <Text fw={700} fz="lg" component="span">
            {drawer?.mode === "edit" ? "Edit movie" : "New movie"}
          </Text>
        }
      >
        {drawer && (
          <Tabs value={drawerTab} onChange={(tab) => setDrawerTab(tab === "media" ? "media" : "details")} keepMounted>
            <Tabs.List mb="lg">
              <Tabs.Tab value="details" leftSection={<IconEdit size={16} />}>
                Details
              </Tabs.Tab>
              <Tabs.Tab
                value="media"
                leftSection={<IconMovie size={16} />}
                disabled={drawer.mode !== "edit"}
                rightSection={drawer.mode === "edit" ? <ProcessingBadge video={drawer.video} size="xs" /> : undefined}
              >
                Media
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details">
              <Stack gap="lg">
                <MovieForm
                  key={drawer.mode === "edit" ? drawer.video._id : "new"}
                  video={drawer.mode === "edit" ? drawer.video : null}
                  isAdmin={isAdmin}
                  onSaved={onSaved}
                />
                {drawer.mode === "new" && (
                  <Text size="sm" c="dimmed">
                    Create the movie first; then upload its file, a teaser and a thumbnail under Media.
                  </Text>
                )}
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="media">
              {drawer.mode === "edit" && (
                <MovieMedia
                  video={drawer.video}
                  upload={uploads[drawer.video._id]}
                  onMovieFile={(file) => void uploadMovie(drawer.video, file)}
                  onUpdated={(v) => (v ? syncVideo(v) : void refreshOne(drawer.video._id))}
                />
              )}
            </Tabs.Panel>
          </Tabs>
        )}
      </Drawer>
      {confirmDialog}
    </StudioPage>
  );
}

export default function StudioMoviesPage() {
  const role = useStudioRole();
  if (!role) return <StudioForbidden />;
  return <MoviesManager isAdmin={role === "admin"} />;
}
