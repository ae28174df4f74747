import { Alert, Anchor, Badge, Divider, Group, SimpleGrid, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { notifications } from "@mantine/notifications";
import type { StudioVideo } from "@marquee/contracts/videos";
import { IconAlertCircle, IconExternalLink, IconMovie, IconPhoto } from "@tabler/icons-react";
import { Link, useRevalidator } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { formatDuration } from "../../lib/format.ts";
import { formatBytes, isProcessing, processingColors, processingLabels } from "../../lib/studio-media.ts";
import { EditDeleteActions, MediaThumb } from "../admin/ManageList.tsx";
import { uploadFile } from "../admin/use-manage.tsx";
import { AccessStatusCells, AssetTitleCell } from "./AssetList.tsx";
import { DropzoneFace } from "./DropzoneFace.tsx";
import { MovieCaptions } from "./MovieCaptions.tsx";
import { UploadButton, UploadProgressLine } from "./UploadButton.tsx";

/** The movie-file upload of one movie: its percentage, and whether it finished. */
export type MovieUpload = { percent: number; done: boolean };

const enc = encodeURIComponent;

export function ProcessingBadge({
  video,
  size = "md",
}: {
  video: Pick<StudioVideo, "processing">;
  size?: "xs" | "md";
}) {
  const { t } = useTranslation();
  const { status, error } = video.processing;
  const badge = (
    <Badge
      size={size}
      color={processingColors[status]}
      variant="filled"
      leftSection={isProcessing(status) ? <span className="marquee-pulse" aria-hidden /> : undefined}
      data-testid="processing-badge"
    >
      {t(processingLabels[status])}
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

function MovieFileDrop({
  video,
  upload,
  onFile,
}: {
  video: StudioVideo;
  upload: MovieUpload | undefined;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const uploading = !!upload && !upload.done;
  const reject = (rejections: FileRejection[]) => {
    const reason = rejections[0]?.errors[0]?.message ?? t("This file cannot be uploaded.");
    notifications.show({ color: "red", title: t("Cannot upload this file"), message: reason });
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
        inputProps={{ "aria-label": hasFile ? t("Replace the movie file") : t("Movie file") }}
      >
        <DropzoneFace
          icon={IconMovie}
          size={40}
          minHeight={110}
          title={hasFile ? t("Drop a new file to replace the movie") : t("Drag the movie file here")}
          hint={t("Or click to choose it. MP4, MOV, WebM or MKV; it is converted for streaming after the upload.")}
        />
      </Dropzone>
      {upload && (
        <UploadProgressLine
          percent={upload.percent}
          done={upload.done}
          // i18n-exempt: which upload it is; the progress line shows its own translated text for it
          label="Movie file"
          testId="movie-upload-progress"
        />
      )}
    </Stack>
  );
}

export function MovieMedia({
  video,
  upload,
  onMovieFile,
}: {
  video: StudioVideo;
  upload: MovieUpload | undefined;
  onMovieFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { status, error } = video.processing;
  const uploadTo = (kind: "teaser" | "thumbnail") => async (file: File, onProgress: (p: number) => void) => {
    await uploadFile(`/performer/assets/videos/${enc(video._id)}/upload/${kind}`, file, onProgress);
    await revalidator.revalidate();
    notifications.show({
      color: "teal",
      message: kind === "teaser" ? t("Teaser uploaded.") : t("Thumbnail uploaded."),
    });
  };

  return (
    <Stack gap="lg" component="section" aria-label={t("Movie media")}>
      <Group justify="space-between" align="center">
        <Title order={3} fz="md">
          {t("Movie file")}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t("Processing")}
          </Text>
          <ProcessingBadge video={video} />
        </Group>
      </Group>
      {status === "failed" && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t("Processing failed")}>
          {error ?? t("The file could not be processed.")} {t("Upload another file to try again.")}
        </Alert>
      )}
      {isProcessing(status) && (
        <Text size="sm" c="dimmed">
          {t("The movie is being converted for streaming. This page updates by itself when it is ready.")}
        </Text>
      )}
      {status === "ready" && (
        <Group gap="lg">
          {video.durationSec !== null && (
            <Text size="sm">{t("Duration {{duration}}", { duration: formatDuration(video.durationSec) })}</Text>
          )}
          {video.sourceSizeBytes !== null && (
            <Text size="sm">{t("File {{size}}", { size: formatBytes(video.sourceSizeBytes) })}</Text>
          )}
          {video.status === "active" && !video.isComing && (
            <Anchor component={Link} to={`/movies/${enc(video.slug)}`} size="sm">
              <Group gap={4} component="span">
                {t("View on the site")} <IconExternalLink size={14} />
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
            {t("Thumbnail")}
          </Title>
          <Thumb video={video} width={224} />
          <UploadButton
            kind="thumbnail"
            what="thumbnail"
            label={video.thumbnail ? t("Replace thumbnail") : t("Upload thumbnail")}
            icon={<IconPhoto size={16} />}
            upload={uploadTo("thumbnail")}
            testId="thumbnail-upload-progress"
          />
          <Text size="xs" c="dimmed">
            {t("Without one, a frame of the movie is used.")}
          </Text>
        </Stack>
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t("Teaser")}
          </Title>
          <Text size="sm" c="dimmed">
            {video.teaser ? t("A teaser is shown to viewers who cannot watch yet.") : t("No teaser yet.")}
          </Text>
          {video.teaser && (
            <video src={video.teaser} muted controls preload="none" width={224} style={{ borderRadius: 6 }} />
          )}
          <UploadButton
            kind="teaser"
            what="teaser"
            label={video.teaser ? t("Replace teaser") : t("Upload teaser")}
            upload={uploadTo("teaser")}
            testId="teaser-upload-progress"
          />
        </Stack>
      </SimpleGrid>
      <Divider />
      <MovieCaptions videoId={video._id} />
    </Stack>
  );
}

export function MovieRow({
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
  const { t } = useTranslation();
  const f = useFormat();
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
          video.isComing && video.scheduledAt ? t("Coming {{date}}", { date: f.dateTime(video.scheduledAt) }) : null,
          t("Created {{date}}", { date: f.date(video.createdAt) }),
        ]
          .filter(Boolean)
          .join(" · ")}
      >
        {upload && !upload.done && (
          <Text size="xs" c="grape" fw={600}>
            {t("Uploading… {{percent}}%", { percent: upload.percent })}
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
      <Table.Td ta="right">{f.number(video.stats.views)}</Table.Td>
      <Table.Td>
        <EditDeleteActions name={video.title} onEdit={onEdit} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}
