import { ActionIcon, Badge, Button, CloseButton, Group, Modal, NumberInput, Stack } from "@mantine/core";
import type { VaultItem, VaultList } from "@marquee/contracts/vault";
import { IconPaperclip } from "@tabler/icons-react";
import { useState } from "react";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { api, errorMessage } from "../../lib/api.ts";
import { useAppSelector } from "../../state/store.ts";
import { VaultPicker } from "../social/VaultPicker.tsx";

/** What a performer attaches to their next message: vault items and, to lock them, a price (null: free). */
export interface Attached {
  ids: string[];
  price: number | null;
}
export const NOTHING_ATTACHED: Attached = { ids: [], price: null };

/**
 * A performer's attachments in a conversation: the paperclip opens their vault (read when first opened) to pick
 * photos and videos and, optionally, a price that locks them until the member pays. What is picked shows under the
 * composer until the message goes.
 */
export function AttachMedia({ attached, onChange }: { attached: Attached; onChange: (next: Attached) => void }) {
  const { t } = useTranslation();
  const symbol = useAppSelector((s) => s.ui.currencySymbol || s.settings.data.currencySymbol);
  const [opened, setOpened] = useState(false);
  const [vault, setVault] = useState<{ items: VaultItem[]; error: string | null } | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [price, setPrice] = useState<number | string>("");

  const open = () => {
    setPicked(attached.ids);
    setPrice(attached.price ?? "");
    setOpened(true);
    if (vault?.items.length) return;
    api.get<VaultList>("/vault", { limit: 100 }).then(
      (list) => setVault({ items: list.data, error: null }),
      (e: unknown) => setVault({ items: [], error: errorMessage(e) }),
    );
  };
  const done = () => {
    onChange({ ids: picked, price: picked.length && typeof price === "number" ? price : null });
    setOpened(false);
  };

  return (
    <>
      <ActionIcon
        variant="default"
        size={44}
        radius="xl"
        aria-label={t("Attach photos or videos")}
        onClick={open}
        data-testid="message-attach"
      >
        <IconPaperclip size={20} aria-hidden />
      </ActionIcon>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("Attach from your vault")} size="lg">
        <Stack gap="md">
          <VaultPicker
            items={vault?.items ?? []}
            loadError={vault?.error ?? null}
            picked={picked}
            onChange={setPicked}
          />
          <NumberInput
            label={t("Price")}
            description={t("Leave it empty to send them free; with a price they open once the member pays.")}
            prefix={symbol}
            min={0}
            decimalScale={2}
            value={price}
            onChange={setPrice}
            maw={240}
            data-testid="message-price-input"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t("Cancel")}
            </Button>
            <Button onClick={done} data-testid="message-attach-done">
              {t("Attach")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** What is attached to the next message, under the composer, with a way to take it off. */
export function AttachedSummary({ attached, onClear }: { attached: Attached; onClear: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!attached.ids.length) return null;
  return (
    <Group gap={4} data-testid="message-attached">
      <Badge variant="light" size="lg">
        {attached.price === null
          ? t("{{n}} attached, free", { n: attached.ids.length })
          : t("{{n}} attached, for {{price}}", { n: attached.ids.length, price: f.price(attached.price) })}
      </Badge>
      <CloseButton size="sm" aria-label={t("Remove the attachments")} onClick={onClear} />
    </Group>
  );
}
