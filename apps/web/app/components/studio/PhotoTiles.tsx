import { ActionIcon, Badge, Box, Button, Group, Progress, Stack, Text, Tooltip } from "@mantine/core";
import type { Image } from "@marquee/contracts/catalogue";
import { IconArrowLeft, IconArrowRight, IconPhoto, IconPhotoStar, IconTrash } from "@tabler/icons-react";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import {
  formatBytes,
  isProcessing,
  processingColors,
  processingLabels,
  type QueuedUpload,
  queueSummary,
} from "../../lib/studio-media.ts";

/** The files of a photo upload, one line each with its progress, and the batch's summary. */
export function UploadQueue({ queue, onClear, label }: { queue: QueuedUpload[]; onClear: () => void; label?: string }) {
  const { t } = useTranslation();
  if (!queue.length) return null;
  const { done, failed, total } = queueSummary(queue);
  return (
    <Stack gap="xs" aria-label={label ?? t("Photo uploads")} component="section">
      <Group justify="space-between">
        <Text size="sm" fw={600} data-testid="photo-upload-summary">
          {failed
            ? t("{{done}} of {{total}} uploaded · {{failed}} failed", { done, total, failed })
            : t("{{done}} of {{total}} uploaded", { done, total })}
        </Text>
        {done + failed === total && (
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
            {t("Clear")}
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
                ? t("Waiting")
                : u.state === "uploading"
                  ? `${u.progress}%`
                  : u.state === "done"
                    ? t("Uploaded")
                    : t("Failed")}
            </Text>
          </Group>
          <Progress
            size="sm"
            value={u.state === "failed" ? 100 : u.progress}
            color={u.state === "failed" ? "red" : u.state === "done" ? "teal" : undefined}
            animated={u.state === "uploading"}
            aria-label={t("Upload of {{name}}", { name: u.name })}
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

type Processing = { status: "none" | "pending" | "processing" | "ready" | "failed"; error: string | null };

/** A tile's texts per kind of picture. */
const TILE_TEXTS: Record<
  "photo" | "picture",
  { name: string; status: string; earlier: string; later: string; asCover: string; remove: string }
> = {
  photo: {
    name: msg("Photo {{n}}"),
    status: msg("Photo {{n}}: {{status}}"),
    earlier: msg("Move photo {{n}} earlier"),
    later: msg("Move photo {{n}} later"),
    asCover: msg("Use photo {{n}} as cover"),
    remove: msg("Delete photo {{n}}"),
  },
  picture: {
    name: msg("Picture {{n}}"),
    status: msg("Picture {{n}}: {{status}}"),
    earlier: msg("Move picture {{n}} earlier"),
    later: msg("Move picture {{n}} later"),
    asCover: msg("Use picture {{n}} as cover"),
    remove: msg("Delete picture {{n}}"),
  },
};

/**
 * One picture of a gallery or product with its number and buttons to move it, make it the cover (when `onCover` is
 * given) and delete it. `noun` names it in the buttons ("Move photo 2 earlier").
 */
export function PhotoTile({
  image,
  title,
  processing = { status: "ready", error: null },
  noun = "photo",
  index,
  count,
  isCover,
  coverLabel,
  busy,
  onMove,
  onCover,
  onDelete,
}: {
  image: Image | null;
  title?: string;
  processing?: Processing;
  noun?: "photo" | "picture";
  index: number;
  count: number;
  isCover: boolean;
  coverLabel?: string;
  busy: boolean;
  onMove: (delta: number) => void;
  onCover?: () => void;
  onDelete: () => void;
}) {
  const n = index + 1;
  const { t } = useTranslation();
  const texts = TILE_TEXTS[noun];
  const say = (key: keyof typeof texts, values: Record<string, unknown> = {}) => t(texts[key], { n, ...values });
  const { status, error } = processing;
  const statusLabel = t(processingLabels[status]);
  return (
    <Box className="marquee-photo-tile" data-cover={isCover} data-testid="studio-photo">
      {image ? (
        <img
          src={image.url}
          srcSet={image.srcSet ?? undefined}
          sizes="200px"
          alt={title || say("name")}
          width={image.width}
          height={image.height}
          loading="lazy"
        />
      ) : (
        <Box className="marquee-photo-missing" role="img" aria-label={say("status", { status: statusLabel })}>
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
              {coverLabel ?? t("Cover")}
            </Badge>
          )}
          {status !== "ready" && status !== "none" && (
            <Tooltip label={error ?? statusLabel} disabled={!error}>
              <Badge size="xs" color={processingColors[status]} variant="filled">
                {statusLabel}
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
            aria-label={say("earlier")}
          >
            <IconArrowLeft size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            disabled={busy || index === count - 1}
            onClick={() => onMove(1)}
            aria-label={say("later")}
          >
            <IconArrowRight size={14} />
          </ActionIcon>
          {onCover && (
            <Tooltip label={t("Use as cover")}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                disabled={busy || isCover || isProcessing(status)}
                onClick={onCover}
                aria-label={say("asCover")}
              >
                <IconPhotoStar size={14} />
              </ActionIcon>
            </Tooltip>
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            disabled={busy}
            onClick={onDelete}
            aria-label={say("remove")}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      </Group>
    </Box>
  );
}
