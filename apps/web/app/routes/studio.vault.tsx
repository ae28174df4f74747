import { Button, SegmentedControl, Stack } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { notifications } from "@mantine/notifications";
import {
  VAULT_PHOTO_MAX_BYTES,
  VAULT_VIDEO_MAX_BYTES,
  type VaultItem,
  type VaultKind,
  type VaultList,
} from "@marquee/contracts/vault";
import { IconArchive, IconPhotoVideo } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { ListPanel } from "../components/admin/ManageList.tsx";
import { uploadFile } from "../components/admin/use-manage.tsx";
import { useConfirm } from "../components/ConfirmDialog.tsx";
import { DropzoneFace } from "../components/studio/DropzoneFace.tsx";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { UploadProgressLine } from "../components/studio/UploadButton.tsx";
import { VaultGrid } from "../components/studio/VaultGrid.tsx";
import type { TFunction } from "../i18n/i18n.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, textOf } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio.vault";

export const handle = pages.studioVault.handle;

const DESCRIPTION = msg("Photos and videos you upload once and attach to posts and messages.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Vault"), t(DESCRIPTION));
};

const PAGE_SIZE = 24;
const MB = 1024 * 1024;
/** How often the list is read again while something is being processed. */
const POLL_MS = 4000;

const kindOf = (value: string | null): VaultKind | undefined =>
  value === "photo" || value === "video" ? value : undefined;

/** The first page of the vault, of one kind when `kind` is in the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const kind = kindOf(new URL(request.url).searchParams.get("kind"));
  const list = await loaded(
    sessionApi(request, context).get<VaultList>("/vault", { limit: PAGE_SIZE, ...(kind ? { kind } : {}) }),
    msg("Could not load your vault."),
  );
  return { list, kind: kind ?? null };
}

/** The next page (by cursor) and deleting an item. */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    more: (api, payload) => {
      const kind = kindOf(typeof payload.kind === "string" ? payload.kind : null);
      return api.get("/vault", { limit: PAGE_SIZE, cursor: textOf(payload, "cursor"), ...(kind ? { kind } : {}) });
    },
    delete: (api, payload) => api.del(`/vault/${encodeURIComponent(textOf(payload, "id"))}`),
  });
}

/** What is wrong with a file before it is sent: its type, or its size for its kind; null when it may go. */
function fileProblem(file: File, t: TFunction): string | null {
  const photo = /^image\/(jpeg|png|webp|gif|avif)$/i.test(file.type);
  const video = file.type.startsWith("video/");
  if (!photo && !video) return t("Choose a photo (JPEG, PNG, WebP, GIF or AVIF) or a video.");
  if (photo && file.size > VAULT_PHOTO_MAX_BYTES)
    return t("The photo must be {{mb}} MB or smaller.", { mb: VAULT_PHOTO_MAX_BYTES / MB });
  if (video && file.size > VAULT_VIDEO_MAX_BYTES)
    return t("The video must be {{mb}} MB or smaller.", { mb: VAULT_VIDEO_MAX_BYTES / MB });
  return null;
}

function VaultUpload({ onUploaded }: { onUploaded: () => void }) {
  const { t } = useTranslation();
  const [upload, setUpload] = useState<{ percent: number; done: boolean } | null>(null);
  const uploading = !!upload && !upload.done;
  const send = async (file: File) => {
    const problem = fileProblem(file, t);
    if (problem) {
      notifications.show({ color: "red", title: t("Cannot upload this file"), message: problem });
      return;
    }
    setUpload({ percent: 0, done: false });
    try {
      await uploadFile("/vault", file, (percent) => setUpload({ percent, done: false }));
      setUpload({ percent: 100, done: true });
      onUploaded();
    } catch (error) {
      setUpload(null);
      notifications.show({ color: "red", title: t("The file upload failed"), message: errorMessage(error) });
    }
  };
  const reject = (rejections: FileRejection[]) => {
    const reason = rejections[0]?.errors[0]?.message ?? t("This file cannot be uploaded.");
    notifications.show({ color: "red", title: t("Cannot upload this file"), message: reason });
  };
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => {
          const file = files[0];
          if (file) void send(file);
        }}
        onReject={reject}
        accept={["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif", "video/*"]}
        multiple={false}
        maxFiles={1}
        disabled={uploading}
        data-testid="vault-dropzone"
        inputProps={{ "aria-label": t("Upload a photo or video") }}
      >
        <DropzoneFace
          icon={IconPhotoVideo}
          title={t("Drag a photo or video here")}
          hint={t("Or click to choose it. Photos up to {{photoMb}} MB, videos up to {{videoMb}} MB and 10 minutes.", {
            photoMb: VAULT_PHOTO_MAX_BYTES / MB,
            videoMb: VAULT_VIDEO_MAX_BYTES / MB,
          })}
        />
      </Dropzone>
      {upload && (
        <UploadProgressLine
          percent={upload.percent}
          done={upload.done}
          // i18n-exempt: which upload it is; the progress line shows its own translated text for it
          label="file"
          testId="vault-upload-progress"
        />
      )}
    </Stack>
  );
}

export default function StudioVaultPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [, setParams] = useSearchParams();
  const { run, busy } = useIntent(undefined, { revalidate: false });
  const [confirm, confirmDialog] = useConfirm();
  const { list, kind } = loaderData;
  const first = list.result;
  // The pages after the first, read by "Load more"; the first page is the loader's (read again while processing).
  const [older, setOlder] = useState<{ items: VaultItem[]; next: string | null } | null>(null);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [loadingMore, setLoadingMore] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another kind starts the list again.
  useEffect(() => setOlder(null), [kind]);

  const firstIds = new Set(first?.data.map((i) => i._id));
  const items = [...(first?.data ?? []), ...(older?.items.filter((i) => !firstIds.has(i._id)) ?? [])].filter(
    (i) => !deleted.has(i._id),
  );
  const next = older ? older.next : (first?.next ?? null);
  const processing = items.some((i) => i.status === "processing");

  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [processing, revalidator]);

  if (!role) return <StudioForbidden />;

  const loadMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    try {
      const page = await run<VaultList>("more", { cursor: next, kind });
      setOlder((o) => ({ items: [...(o?.items ?? []), ...page.data], next: page.next }));
    } catch (error) {
      notifications.show({ color: "red", message: errorMessage(error, t("Could not load your vault.")) });
    } finally {
      setLoadingMore(false);
    }
  };

  const remove = async (item: VaultItem) => {
    const ok = await confirm({
      title: t("Delete this item?"),
      message: t("{{name}} is removed from your vault for good.", { name: item.name }),
      confirmLabel: t("Delete item"),
    });
    if (!ok) return;
    try {
      await run("delete", { id: item._id });
      setDeleted((d) => new Set(d).add(item._id));
      notifications.show({ color: "teal", message: t("The item is deleted.") });
    } catch (error) {
      notifications.show({ color: "red", message: errorMessage(error, t("Could not delete the item.")) });
    }
  };

  return (
    <StudioPage title={t("Vault")} description={t(DESCRIPTION)}>
      <Stack gap="lg">
        <VaultUpload onUploaded={() => void revalidator.revalidate()} />
        <SegmentedControl
          value={kind ?? "all"}
          onChange={(value) =>
            setParams(value === "all" ? {} : { kind: value }, { replace: true, preventScrollReset: true })
          }
          data={[
            { value: "all", label: t("All") },
            { value: "photo", label: t("Photos") },
            { value: "video", label: t("Videos") },
          ]}
          aria-label={t("Show")}
          data-testid="vault-kind"
          style={{ alignSelf: "flex-start" }}
        />
        <ListPanel
          label={t("Vault")}
          error={list.error && t(list.error)}
          onRetry={() => void revalidator.revalidate()}
          ready
          count={items.length}
          empty={{ icon: IconArchive, message: t("Your vault is empty. Upload a photo or video to start.") }}
        >
          <VaultGrid items={items} onDelete={(item) => void remove(item)} busy={busy} />
        </ListPanel>
        {next && (
          <Button
            variant="default"
            onClick={() => void loadMore()}
            loading={loadingMore}
            style={{ alignSelf: "center" }}
            data-testid="vault-more"
          >
            {t("Load more")}
          </Button>
        )}
      </Stack>
      {confirmDialog}
    </StudioPage>
  );
}
