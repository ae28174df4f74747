import { Button, type ButtonProps, FileButton, Progress, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { DEFAULT_IMAGE_MAX_MB } from "@marquee/contracts/site";
import { IconUpload } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage, type UploadProgress } from "../../lib/api.ts";
import { fileProblem, type UploadKind } from "../../lib/studio-media.ts";

export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp";
export const VIDEO_ACCEPT = "video/*";

/** The texts of an upload per thing uploaded (Spanish nouns have a gender). */
const WHAT_TEXTS = {
  image: {
    progress: msg("image upload progress"),
    cannot: msg("Cannot upload this image"),
    failed: msg("The image upload failed"),
  },
  file: {
    progress: msg("file upload progress"),
    cannot: msg("Cannot upload this file"),
    failed: msg("The file upload failed"),
  },
  thumbnail: {
    progress: msg("thumbnail upload progress"),
    cannot: msg("Cannot upload this thumbnail"),
    failed: msg("The thumbnail upload failed"),
  },
  teaser: {
    progress: msg("teaser upload progress"),
    cannot: msg("Cannot upload this teaser"),
    failed: msg("The teaser upload failed"),
  },
  cover: {
    progress: msg("cover upload progress"),
    cannot: msg("Cannot upload this cover"),
    failed: msg("The cover upload failed"),
  },
  "Movie file": {
    progress: msg("Movie file upload progress"),
    cannot: msg("Cannot upload this movie file"),
    failed: msg("The movie file upload failed"),
  },
} satisfies Record<string, { progress: string; cannot: string; failed: string }>;

/** What is uploaded, as its messages name it. */
export type UploadWhat = keyof typeof WHAT_TEXTS;

/** An upload's progress bar with its percentage; `done` keeps "Uploaded · 100%" on screen after it finished. */
export function UploadProgressLine({
  percent,
  done = false,
  label,
  testId,
}: {
  percent: number;
  done?: boolean;
  /** What is uploaded, e.g. "Movie file". */
  label: UploadWhat;
  testId?: string;
}) {
  const { t } = useTranslation();
  const texts = WHAT_TEXTS[label];
  return (
    <Stack gap={4} w="100%">
      <Progress
        value={percent}
        animated={!done}
        color={done ? "teal" : undefined}
        aria-label={t(texts.progress)}
        transitionDuration={120}
      />
      <Text size="xs" c="dimmed" data-testid={testId} aria-live="polite">
        {done ? t("Uploaded · {{percent}}%", { percent }) : t("Uploading… {{percent}}%", { percent })}
      </Text>
    </Stack>
  );
}

/**
 * A file picker that checks the file (type, size), uploads it with a progress bar and the percentage, and
 * reports failures as a toast. `upload` gets the file and a progress callback and does the request.
 */
export function UploadButton({
  kind,
  label,
  what,
  upload,
  accept = kind === "file" ? undefined : kind === "video" || kind === "teaser" ? VIDEO_ACCEPT : IMAGE_ACCEPT,
  icon = <IconUpload size={16} />,
  testId,
  buttonProps,
  disabled,
}: {
  kind: UploadKind;
  /** The button text, e.g. "Upload thumbnail". */
  label: string;
  /** What is uploaded, for messages: "thumbnail". */
  what: UploadWhat;
  upload: (file: File, onProgress: UploadProgress) => Promise<void>;
  accept?: string;
  icon?: ReactNode;
  testId?: string;
  buttonProps?: ButtonProps;
  disabled?: boolean;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const { t } = useTranslation();
  const texts = WHAT_TEXTS[what];

  const start = async (file: File | null) => {
    if (!file) return;
    const problem = fileProblem(file, kind, { imageMaxMb: DEFAULT_IMAGE_MAX_MB }, t);
    if (problem) {
      notifications.show({
        color: "red",
        title: t(texts.cannot),
        message: problem,
      });
      return;
    }
    setDone(false);
    setProgress(0);
    try {
      await upload(file, setProgress);
      setProgress(100);
      setDone(true);
    } catch (error) {
      setProgress(null);
      notifications.show({
        color: "red",
        title: t(texts.failed),
        message: errorMessage(error),
      });
    }
  };

  return (
    <Stack gap={6} align="flex-start">
      <FileButton onChange={(file) => void start(file)} accept={accept}>
        {(props) => (
          <Button
            variant="light"
            leftSection={icon}
            {...buttonProps}
            {...props}
            loading={progress !== null && !done}
            disabled={disabled}
          >
            {label}
          </Button>
        )}
      </FileButton>
      {progress !== null && <UploadProgressLine percent={progress} done={done} label={what} testId={testId} />}
    </Stack>
  );
}
