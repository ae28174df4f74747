import { Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { useRevalidator } from "react-router";
import { UploadButton } from "../studio/UploadButton.tsx";
import { uploadFile } from "./use-manage.tsx";

/**
 * The image part of an edit form: the current picture, a button that uploads a new one with its progress (to
 * `path`, field `file`), hands the updated item to `onUploaded` and reads the page's data again.
 */
export function ImageUploadSection<T extends { _id: string }>({
  label,
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
  preview: ReactNode;
  hasImage: boolean;
  path: string;
  testId: string;
  onUploaded: (item: T) => void;
  /** Shown on the button's right, e.g. a link to the page. */
  aside?: ReactNode;
  hint?: ReactNode;
}) {
  const { revalidate } = useRevalidator();
  const button = (
    <UploadButton
      kind="image"
      what="image"
      label={hasImage ? "Replace image" : "Upload image"}
      testId={testId}
      upload={async (file, onProgress) => {
        const updated = await uploadFile<T>(path, file, onProgress);
        if (updated?._id) onUploaded(updated);
        void revalidate();
        notifications.show({ color: "teal", message: "Image uploaded." });
      }}
    />
  );
  return (
    <Stack gap="sm" component="section" aria-label={label}>
      <Title order={3} fz="md">
        Image
      </Title>
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
