import { Anchor, Group, Input, SimpleGrid, Text } from "@mantine/core";
import type { VaultItem } from "@marquee/contracts/vault";
import { IconPlayerPlayFilled } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import styles from "./social.module.css";

/** Equal to ATTACHMENTS_MAX of @marquee/contracts/vault (not imported, to keep zod out of the browser). */
export const ATTACHMENTS_MAX = 20;

/**
 * The composer's attachments: the performer's processed vault items as thumbnails; a click adds one (numbered in the
 * order picked, the order the post shows them) or takes it out. Uploading is the vault's own screen. The newest
 * 100 items are offered (no paging yet).
 */
export function VaultPicker({
  items,
  loadError,
  picked,
  onChange,
  error,
  description,
}: {
  items: VaultItem[];
  loadError: string | null;
  picked: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  /** Under the label; by default it speaks of a post. */
  description?: string;
}) {
  const { t } = useTranslation();
  const ready = items.filter((i) => i.status === "ready");
  const toggle = (id: string) => {
    if (picked.includes(id)) onChange(picked.filter((p) => p !== id));
    else if (picked.length < ATTACHMENTS_MAX) onChange([...picked, id]);
  };
  return (
    <Input.Wrapper
      label={t("Photos and videos")}
      description={
        description ??
        t("Pick up to {{max}} from your vault, in the order the post shows them.", { max: ATTACHMENTS_MAX })
      }
      error={error}
      data-testid="vault-picker"
    >
      <Group justify="space-between" mt={6} mb={6}>
        <Text size="sm" c="dimmed">
          {t("{{picked}} picked", { picked: picked.length })}
        </Text>
        <Anchor component={Link} to="/studio/vault" size="sm">
          {t("Upload to your vault")}
        </Anchor>
      </Group>
      {loadError ? (
        <Text size="sm" c="red" role="alert" data-testid="vault-error">
          {t("Could not load your vault.")}
        </Text>
      ) : ready.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="vault-empty">
          {t("Your vault has no processed photos or videos yet.")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 4, sm: 6, md: 8 }} spacing={6}>
          {ready.map((item) => {
            const order = picked.indexOf(item._id);
            return (
              <button
                key={item._id}
                type="button"
                className={styles.pick}
                data-picked={order >= 0 || undefined}
                aria-pressed={order >= 0}
                aria-label={item.name}
                onClick={() => toggle(item._id)}
                data-testid="vault-item"
              >
                {item.thumbnail && <img src={item.thumbnail} alt="" loading="lazy" />}
                {item.kind === "video" && (
                  <IconPlayerPlayFilled
                    size={18}
                    color="#fff"
                    style={{ position: "absolute", left: 4, bottom: 4 }}
                    aria-hidden
                  />
                )}
                {order >= 0 && <span className={styles.pickOrder}>{order + 1}</span>}
              </button>
            );
          })}
        </SimpleGrid>
      )}
    </Input.Wrapper>
  );
}
