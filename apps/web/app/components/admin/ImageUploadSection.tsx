import { Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { UploadKind } from "../../lib/studio-media.ts";
import { UploadButton } from "../studio/UploadButton.tsx";
import { uploadFile } from "./use-manage.tsx";

/**
 * The image part of an edit form: the current picture, a button that uploads a new one with its progress (to
 * `path`, field `file`), hands the updated item (or setting) to `onUploaded` and reads the page's data again.
 */
export function ImageUploadSection<T>({
  label,
  heading,
  kind = "image",
  accept,
  preview,
  hasImage,
  path,
  testId,
  onUploaded,
  aside,
  hint,
}: {
  /** The section's accessible name, e.g. "Banner image". */
  label: string;
  /** The section's visible heading; null: none (the field around it names it). */
  heading?: string | null;
  /** `picture` also takes SVG (the site's logo and favicon). */
  kind?: UploadKind;
  accept?: string;
  preview: ReactNode;
  hasImage: boolean;
  path: string;
  testId: string;
  onUploaded: (item: T) => void;
  /** Shown on the button's right, e.g. a link to the page. */
  aside?: ReactNode;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const button = (
    <UploadButton
      kind={kind}
      what="image"
      accept={accept}
      label={hasImage ? t("Replace image") : t("Upload image")}
      testId={testId}
      upload={async (file, onProgress) => {
        const updated = await uploadFile<T>(path, file, onProgress);
        if (updated) onUploaded(updated);
        void revalidate();
        notifications.show({ color: "teal", message: t("Image uploaded.") });
      }}
    />
  );
  return (
    <Stack gap="sm" component="section" aria-label={label}>
      {heading !== null && (
        <Title order={3} fz="md">
          {heading ?? t("Image")}
        </Title>
      )}
      {preview}
      {aside === undefined ? (
        button
      ) : (
        <Group justify="space-between">
          {button}
          {aside}
        </Group>
      )}
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
