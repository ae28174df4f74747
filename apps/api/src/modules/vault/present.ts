import type { Attachment, VaultItem } from "@marquee/contracts/vault";
import type { UrlSigner } from "../../platform/signed-urls.ts";
import type { Storage } from "../../platform/storage.ts";
import { grantMedia } from "../catalogue/media.ts";
import { type AttachedItem, openKeysOf } from "./rows.ts";
import type { VaultItemRow } from "./tables.ts";

/**
 * Vault items as answers. The blurred preview is public; the thumbnail and the full size (a video's MP4) are grants
 * for one viewer, which the media route checks again at every fetch with the vault's port (service.ts `playback`):
 * a link copied to someone else, or kept after the viewer lost access, stops working.
 */
export function createVaultPresenter(deps: { storage: Storage; signer: UrlSigner }) {
  const { storage, signer } = deps;

  function attachmentOf(row: AttachedItem, open: boolean, viewerId: string | null): Attachment {
    const ready = row.status === "ready";
    const links = ready && open ? grantMedia(signer, viewerId, openKeysOf(row)).urls : null;
    return {
      _id: row.id,
      kind: row.kind,
      width: row.width,
      height: row.height,
      durationSec: row.durationSec,
      preview: ready && row.previewKey ? storage.publicUrl(row.previewKey) : null,
      thumbnail: links?.thumbnail ?? null,
      url: links?.url ?? null,
    };
  }

  /** An item as its performer sees it in the studio: open to them, with its processing state. */
  function studioOf(row: VaultItemRow, viewerId: string): VaultItem {
    return {
      ...attachmentOf(row, true, viewerId),
      status: row.status,
      error: row.error,
      name: row.name,
      sizeBytes: row.sizeBytes,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return { attachmentOf, studioOf };
}
