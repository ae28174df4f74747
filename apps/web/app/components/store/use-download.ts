import { notifications } from "@mantine/notifications";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { NO_ANSWER, translateError } from "../../lib/api.ts";
import { downloadPath } from "../../lib/store.ts";
import type { loader } from "../../routes/store.download.ts";
import { useAppDispatch } from "../../state/store.ts";
import { setSystemError } from "../../state/system.ts";

/**
 * Downloads a bought digital product: asks the web server's download route (routes/store.download.ts) for a
 * short-lived signed link and opens it (the file comes as an attachment, so the page stays). `fetching` is the
 * product whose link is on its way; a refusal shows as a toast.
 */
export function useDownload() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const fetcher = useFetcher<typeof loader>();
  const [fetching, setFetching] = useState<string | null>(null);
  /** The product asked for, until its answer has come, and the answer there was before (not this one's). */
  const asked = useRef<{ productId: string; title: string; before: unknown } | null>(null);

  useEffect(() => {
    const wanted = asked.current;
    if (fetcher.state !== "idle" || !wanted) return;
    asked.current = null;
    setFetching(null);
    const answer = fetcher.data;
    // No answer of its own: the load was sent elsewhere (a session the API refused goes to log in).
    if (!answer || answer === wanted.before) return;
    if (answer.url) {
      window.location.assign(answer.url);
      return;
    }
    const message = answer.error ?? NO_ANSWER;
    if (answer.statusCode >= 500) dispatch(setSystemError({ message, statusCode: answer.statusCode }));
    notifications.show({
      color: "red",
      title: t("Could not download “{{title}}”", { title: wanted.title }),
      message: translateError(message, t),
    });
  }, [fetcher.state, fetcher.data, dispatch, t]);

  const { load } = fetcher;
  const download = async (productId: string, title: string) => {
    asked.current = { productId, title, before: fetcher.data };
    setFetching(productId);
    await load(downloadPath(productId));
  };
  return { download, fetching };
}
