import type { UseFormReturnType } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";
import { setFieldErrors } from "../../lib/form-errors.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useConfirm } from "../ConfirmDialog.tsx";

/**
 * Loads a list (or any one result) whenever `fetcher` changes (make it with `useCallback` over the filters) and
 * keeps only the answer to the latest request. `load(true)` refreshes quietly: no loading state, errors ignored.
 */
export function useLatestQuery<T>(fetcher: () => Promise<T>, failMessage: string, onResult?: (result: T) => void) {
  const [result, setResult] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  const load = useCallback(
    (quiet = false) => {
      const id = ++latest.current;
      if (!quiet) {
        setLoading(true);
        setError(null);
      }
      fetcher()
        .then((res) => {
          if (id !== latest.current) return;
          setResult(res);
          onResultRef.current?.(res);
        })
        .catch((e: unknown) => {
          if (id === latest.current && !quiet) setError(errorMessage(e, failMessage));
        })
        .finally(() => {
          if (id === latest.current) setLoading(false);
        });
    },
    [fetcher, failMessage],
  );

  useEffect(() => load(), [load]);

  return { result, setResult, loading, error, load };
}

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

/** Creates (POST `base`) or updates (PUT `base/<id>`) one item. */
export function saveItem<T>(base: string, id: string | null | undefined, body: unknown): Promise<T> {
  return id ? api.put<T>(`${base}/${encodeURIComponent(id)}`, body) : api.post<T>(base, body);
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

/**
 * The search text (debounced into `q`) and page number of a paged list. Changing the search, or a filter set
 * through `refilter`, starts again from the first page.
 */
export function usePagedSearch() {
  const [search, setSearchText] = useState("");
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  const refilter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };
  return { search, setSearch, q, page, setPage, refilter };
}
