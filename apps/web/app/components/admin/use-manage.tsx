import type { UseFormReturnType } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type ReactNode, useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";
import { setFieldErrors } from "../../lib/form-errors.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useConfirm } from "../ConfirmDialog.tsx";

/**
 * The item open in an edit dialog of a list the loader reads: "new", one of the list, or none. `current` is the
 * list's copy of the open one (so it follows each save once the list is read again), else the copy it was opened
 * with (one just created, not on this page).
 */
export function useOpenItem<T extends { _id: string }>(list: readonly T[] | null | undefined) {
  const [open, setOpen] = useState<T | "new" | null>(null);
  const current = open && open !== "new" ? (list?.find((x) => x._id === open._id) ?? open) : null;
  return { open, setOpen, current };
}

/**
 * The submit handler of an edit form: `saving` while `save` runs, the API's field errors on their fields, any
 * other error as a notification titled `failTitle`.
 */
export function useFormSubmit<V>(
  form: UseFormReturnType<V>,
  save: (values: V) => Promise<void>,
  failTitle: string,
): { submit: ReturnType<UseFormReturnType<V>["onSubmit"]>; saving: boolean } {
  const [saving, setSaving] = useState(false);
  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await save(values);
    } catch (error) {
      if (!setFieldErrors(form, error)) {
        notifications.show({ color: "red", title: failTitle, message: errorMessage(error) });
      }
    } finally {
      setSaving(false);
    }
  });
  return { submit, saving };
}

/**
 * The submit handler of an item's edit form that saves through the route's `save` intent (creating the item when
 * `item` is null), then hands the saved item to `onSaved`.
 */
export function useSaveIntent<V, T extends { _id: string }>(
  form: UseFormReturnType<V>,
  item: T | null,
  toBody: (values: V) => unknown,
  onSaved: (saved: T, created: boolean) => void,
  failTitle: string,
) {
  const { run } = useIntent();
  return useFormSubmit(
    form,
    async (values) => {
      const saved = await run<T>("save", { id: item?._id ?? null, body: toBody(values) });
      form.resetDirty(values);
      onSaved(saved, !item);
    },
    failTitle,
  );
}

export type DeleteOptions = {
  /** The question of the confirmation dialog. */
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The item's id, for the route's `delete` intent. */
  id: string;
  /** The notification once it is gone. */
  deleted: string;
  failTitle: string;
  onDeleted?: () => void;
};

/**
 * Deletes an item through the route's `delete` intent after the user confirmed it, telling how it went. Render the
 * dialog it returns.
 */
export function useConfirmedDelete(): [(options: DeleteOptions) => Promise<void>, ReactNode] {
  const [confirm, confirmDialog] = useConfirm();
  const { run } = useIntent();
  const remove = async ({ title, message, confirmLabel, id, deleted, failTitle, onDeleted }: DeleteOptions) => {
    const ok = await confirm({ title, message, confirmLabel });
    if (!ok) return;
    try {
      await run("delete", { id });
      onDeleted?.();
      notifications.show({ color: "teal", message: deleted });
    } catch (e) {
      notifications.show({ color: "red", title: failTitle, message: errorMessage(e) });
    }
  };
  return [remove, confirmDialog];
}

/** Uploads one file as the multipart field `file`, reporting progress in percent. */
export function uploadFile<T>(path: string, file: File, onProgress: (percent: number) => void): Promise<T> {
  return api.upload<T>(path, [{ fieldname: "file", file, filename: file.name }], { onProgress });
}
