import { Group, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { type Icon, IconUpload, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * What a studio drop zone shows inside its frame: an icon that turns to an upload arrow while a file it takes is
 * dragged over (a cross for one it refuses), a title and a hint. Each upload (a movie, photos, the vault) names its
 * own icon and texts.
 */
export function DropzoneFace({
  icon: IdleIcon,
  title,
  hint,
  size = 36,
  minHeight = 96,
}: {
  icon: Icon;
  title: ReactNode;
  hint: ReactNode;
  size?: number;
  minHeight?: number;
}) {
  return (
    <Group justify="center" gap="md" mih={minHeight} wrap="nowrap" style={{ pointerEvents: "none" }}>
      <Dropzone.Accept>
        <IconUpload size={size} stroke={1.5} color="var(--mantine-primary-color-filled)" />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconX size={size} stroke={1.5} color="var(--mantine-color-red-6)" />
      </Dropzone.Reject>
      <Dropzone.Idle>
        <IdleIcon size={size} stroke={1.5} color="var(--mantine-color-dimmed)" />
      </Dropzone.Idle>
      <div>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </div>
    </Group>
  );
}
