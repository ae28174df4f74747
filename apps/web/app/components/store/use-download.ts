import { notifications } from "@mantine/notifications";
import type { DownloadLink } from "@marquee/contracts/products";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api, errorMessage } from "../../lib/api.ts";

/**
 * Downloads a bought digital product: asks the API for a short-lived signed link and opens it (the file comes as an
 * attachment, so the page stays). `fetching` is the product whose link is on its way; a refusal shows as a toast.
 */
export function useDownload() {
  const { t } = useTranslation();
  const [fetching, setFetching] = useState<string | null>(null);
  const download = async (productId: string, title: string) => {
    setFetching(productId);
    try {
      const link = await api.get<DownloadLink>(`/user/assets/products/${encodeURIComponent(productId)}/download-link`);
      window.location.assign(link.url);
    } catch (error) {
      notifications.show({
        color: "red",
        title: t("Could not download “{{title}}”", { title }),
        message: errorMessage(error, undefined, t),
      });
    } finally {
      setFetching(null);
    }
  };
  return { download, fetching };
}
