import { Button, Text } from "@mantine/core";
import styles from "./catalogue.module.css";

/**
 * "Load more" under a list, with how many are shown. Hidden when there is nothing more (`hasMore` false).
 * `error` shows under the button so the visitor can try again.
 */
export function LoadMore({
  onClick,
  loading,
  hasMore,
  shown,
  total,
  totalCapped = false,
  error,
  label = "Load more",
}: {
  onClick: () => void;
  loading: boolean;
  hasMore: boolean;
  shown?: number;
  total?: number;
  totalCapped?: boolean;
  error?: string | null;
  label?: string;
}) {
  const counts =
    shown !== undefined && total !== undefined && total > 0
      ? `Showing ${shown} of ${total}${totalCapped ? "+" : ""}`
      : null;
  if (!hasMore && !counts) return null;
  return (
    <div className={styles.loadMore}>
      {hasMore && (
        <Button variant="default" size="md" radius="xl" px={32} onClick={onClick} loading={loading}>
          {label}
        </Button>
      )}
      {counts && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {counts}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
