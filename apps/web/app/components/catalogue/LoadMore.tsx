import { Button, Text } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation.ts";
import { translateError } from "../../lib/api.ts";
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
  label,
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
  const { t } = useTranslation();
  const counts =
    shown !== undefined && total !== undefined && total > 0
      ? t("Showing {{shown}} of {{total}}", { shown, total: `${total}${totalCapped ? "+" : ""}` })
      : null;
  if (!hasMore && !counts) return null;
  return (
    <div className={styles.loadMore}>
      {hasMore && (
        <Button variant="default" size="md" radius="xl" px={32} onClick={onClick} loading={loading}>
          {label ?? t("Load more")}
        </Button>
      )}
      {counts && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {counts}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {translateError(error, t)}
        </Text>
      )}
    </div>
  );
}
