import { Button, type ButtonProps, FileButton, Progress, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { DEFAULT_IMAGE_MAX_MB } from "@marquee/contracts/site";
import { IconUpload } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { errorMessage, type UploadProgress } from "../../lib/api.ts";
import { fileProblem, type UploadKind } from "../../lib/studio-media.ts";

export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp";
export const VIDEO_ACCEPT = "video/*";

/** An upload's progress bar with its percentage; `done` keeps "Uploaded · 100%" on screen after it finished. */
export function UploadProgressLine({
  percent,
  done = false,
  label,
  testId,
}: {
  percent: number;
  done?: boolean;
  label: string;
  testId?: string;
}) {
  return (
    <Stack gap={4} w="100%">
      <Progress
        value={percent}
        animated={!done}
        color={done ? "teal" : undefined}
        aria-label={`${label} upload progress`}
        transitionDuration={120}
      />
      <Text size="xs" c="dimmed" data-testid={testId} aria-live="polite">
        {done ? `Uploaded · ${percent}%` : `Uploading… ${percent}%`}
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
  what: string;
  upload: (file: File, onProgress: UploadProgress) => Promise<void>;
  accept?: string;
  icon?: ReactNode;
  testId?: string;
  buttonProps?: ButtonProps;
  disabled?: boolean;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  const start = async (file: File | null) => {
    if (!file) return;
    const problem = fileProblem(file, kind, { imageMaxMb: DEFAULT_IMAGE_MAX_MB });
    if (problem) {
      notifications.show({ color: "red", title: `Cannot upload this ${what}`, message: problem });
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
      notifications.show({ color: "red", title: `The ${what} upload failed`, message: errorMessage(error) });
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
