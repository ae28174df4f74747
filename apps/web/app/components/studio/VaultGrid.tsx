import { ActionIcon, AspectRatio, Badge, Box, Card, Group, SimpleGrid, Stack, Text, Tooltip } from "@mantine/core";
import type { VaultItem } from "@marquee/contracts/vault";
import { IconMovie, IconPhoto, IconTrash } from "@tabler/icons-react";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { formatDuration } from "../../lib/format.ts";
import { formatBytes, processingColors } from "../../lib/studio-media.ts";

const STATUS_LABELS: Record<VaultItem["status"], string> = {
  none: msg("No file"),
  pending: msg("Pending"),
  processing: msg("Processing"),
  ready: msg("Ready"),
  failed: msg("Failed"),
};

/** One vault item: its thumbnail (or its kind's icon until it is made), status, name and size, and delete. */
function VaultCard({ item, onDelete, busy }: { item: VaultItem; onDelete: (item: VaultItem) => void; busy: boolean }) {
  const { t } = useTranslation();
  const Icon = item.kind === "photo" ? IconPhoto : IconMovie;
  const duration = item.kind === "video" ? formatDuration(item.durationSec) : null;
  return (
    <Card padding="xs" withBorder data-testid="vault-item" data-status={item.status} data-kind={item.kind}>
      <Card.Section pos="relative">
        <AspectRatio ratio={1}>
          {item.thumbnail ? (
            <img src={item.thumbnail} alt={item.name} loading="lazy" style={{ objectFit: "cover" }} />
          ) : (
            <Box className="marquee-thumb-empty" aria-hidden>
              <Icon size={32} stroke={1.5} />
            </Box>
          )}
        </AspectRatio>
        <Badge
          pos="absolute"
          top={8}
          left={8}
          size="sm"
          variant="filled"
          color={processingColors[item.status]}
          leftSection={item.status === "processing" ? <span className="marquee-pulse" aria-hidden /> : undefined}
          data-testid="vault-status"
        >
          {t(STATUS_LABELS[item.status])}
        </Badge>
        {duration && (
          <Badge pos="absolute" bottom={8} right={8} size="sm" variant="filled" color="dark">
            {duration}
          </Badge>
        )}
      </Card.Section>
      <Group mt="xs" gap={4} wrap="nowrap" justify="space-between" align="flex-start">
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate="end" title={item.name}>
            {item.name}
          </Text>
          <Text size="xs" c="dimmed">
            {item.kind === "photo" ? t("Photo") : t("Video")} · {formatBytes(item.sizeBytes)}
          </Text>
        </Stack>
        <Tooltip label={t("Delete")} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("Delete {{name}}", { name: item.name })}
            onClick={() => onDelete(item)}
            disabled={busy}
            data-testid="vault-delete"
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {item.status === "failed" && item.error && (
        <Text size="xs" c="red" mt={4} data-testid="vault-error">
          {item.error}
        </Text>
      )}
    </Card>
  );
}

/** The vault's items as a grid: two columns on a phone, up to five on a wide screen. */
export function VaultGrid({
  items,
  onDelete,
  busy,
}: {
  items: readonly VaultItem[];
  onDelete: (item: VaultItem) => void;
  busy: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 5 }} spacing="sm" data-testid="vault-grid">
      {items.map((item) => (
        <VaultCard key={item._id} item={item} onDelete={onDelete} busy={busy} />
      ))}
    </SimpleGrid>
  );
}
