import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** The confirming button's text, e.g. "Delete movie". */
  confirmLabel: string;
  /** The button that backs out, "Cancel" unless the confirming one would read alike (e.g. "Keep subscription"). */
  cancelLabel?: string;
  color?: string;
}

/**
 * A confirmation dialog driven by a promise: `if (await confirm({...})) remove()`. Render `dialog` once in the
 * component that asks.
 */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const { t } = useTranslation();
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  };

  const dialog = (
    <Modal opened={options !== null} onClose={() => settle(false)} title={options?.title} centered radius="lg">
      <Stack gap="lg">
        <Text size="sm">{options?.message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => settle(false)}>
            {options?.cancelLabel ?? t("Cancel")}
          </Button>
          <Button color={options?.color ?? "red"} onClick={() => settle(true)} data-autofocus>
            {options?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );

  return [confirm, dialog];
}
