import { vaultKinds } from "@marquee/contracts/vault";
import { bigint, index, integer, pgTable, real, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, idColumn } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

/**
 * A performer's vault (issue 25 section 2): photos and videos uploaded once, processed by the media workers, and
 * attached to feed posts and messages by id (vault/service.ts `ownedReady`, `present`).
 */
export const vaultItems = pgTable(
  "vault_items",
  {
    id: idColumn(),
    performerId: uuid("performer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: vaultKinds }).notNull(),
    /** The name of the file it was uploaded from, trimmed (at most 200 characters). */
    name: text("name").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    status: text("status", { enum: ["processing", "ready", "failed"] })
      .notNull()
      .default("processing"),
    error: text("error"),
    /**
     * Private prefix `private/vault/<id>`: a photo's `full.webp` and `thumb.webp`; a video's `poster-thumb.webp` and
     * its renditions under `video/` (`video/video.mp4`, `video/hls/master.m3u8`).
     */
    mediaKey: text("media_key").notNull(),
    /** Public blurred preview (`public/vault/<id>/preview.webp`), all a locked viewer gets; null until made. */
    previewKey: text("preview_key"),
    width: integer("width"),
    height: integer("height"),
    durationSec: real("duration_sec"),
    createdAt: createdAt(),
  },
  (t) => [
    index("vault_items_performer_newest_idx").on(
      t.performerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
export type VaultItemRow = typeof vaultItems.$inferSelect;
