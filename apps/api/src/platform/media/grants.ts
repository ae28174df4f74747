import path from "node:path";
import type { FastifyReply } from "fastify";
import { LRUCache } from "lru-cache";
import { forbidden, notFound } from "../errors.ts";
import type { GrantViewer, UrlSigner, VerifiedLink } from "../signed-urls.ts";
import { readAll, type Storage, StorageNotFound } from "../storage.ts";
import { contentTypeOf } from "./content-types.ts";
import { keyOfRef, type PlaylistRef, playlistRefs, rewritePlaylist } from "./playlists.ts";

/**
 * Whether the viewer a grant was made for (`viewerId`, null for nobody signed in) may still watch item `itemId`:
 * null when they may, else the message that says why not. Each module that owns the items of a scope kind
 * (`private/videos/<id>`: movies) registers one; a grant to a kind without one is refused.
 */
export type ItemAccess = (viewerId: string | null, itemId: string) => Promise<string | null>;
export type ItemAccessPorts = Partial<Record<string, ItemAccess>>;

const PLAYLIST_TYPE = "application/vnd.apple.mpegurl";
/**
 * A shared playlist is made again after 1/SHARED_WINDOW of the segment TTL; at most SHARED_MAX_BYTES of them are kept
 * (a 2-hour movie's variant with presigned links is about 1 MB, more with a session token in every link).
 */
const SHARED_WINDOW = 5;
const SHARED_MAX_BYTES = 64 * 1024 * 1024;
const NOT_VALID = "This media link has expired or is not valid.";
/** Private keys are `private/<kind>/<item id>/...`. */
const ITEM_RE = /^private\/([a-z0-9-]+)\/([^/]+)\//;
/** Digital products' files are downloads: the browser saves them under their own name. */
const DOWNLOAD_RE = /^private\/product-files\//;

/** The name a product's file is saved under (its key's last part, `<slug>.<ext>`); null for anything else. */
export function downloadNameOf(key: string): string | null {
  return DOWNLOAD_RE.test(key) ? path.posix.basename(key).replace(/[^a-z0-9._-]/gi, "_") : null;
}

/**
 * What the media route does with a valid link beyond sending a file from disk (serve.ts):
 * - a grant is checked again with its item's module at every fetch: a refund, a chargeback, a lapsed membership or a
 *   take-down stops it with 403 and the module's message;
 * - an HLS playlist (only through a grant) is read from storage and answered with every URI signed now: the
 *   playlists it names as links of the same grant, the segments (init segments, keys) for MEDIA_SEGMENT_TTL_SEC at
 *   most, as presigned bucket URLs on object storage (their bytes never pass through the API) or as short file links
 *   on disk. Never cached: `private, no-store`;
 * - on object storage, any other file is a 302 to a presigned URL valid as briefly, a product's file with its name.
 * Otherwise the caller sends the file from disk.
 */
export function createGrantedMedia(deps: {
  storage: Storage;
  signer: UrlSigner;
  segmentTtlSec: number;
  items: ItemAccessPorts;
}) {
  const { storage, signer } = deps;

  async function checkViewer(key: string, viewer: GrantViewer) {
    const [, kind, itemId] = ITEM_RE.exec(key) ?? [];
    const port = kind ? deps.items[kind] : undefined;
    if (!port || !itemId) throw forbidden(NOT_VALID);
    const refusal = await port(viewer.id, itemId);
    if (refusal) throw forbidden(refusal);
  }

  /** Seconds a link made now may live: the segment TTL, never past the grant's own expiry. */
  const shortTtl = (link: VerifiedLink) =>
    Math.max(1, Math.min(deps.segmentTtlSec, Math.floor((link.expiresAt.getTime() - Date.now()) / 1000)));

  // On object storage a variant's segment links are the same for every viewer (presigned, no viewer in them), and
  // presigning costs about a millisecond each: a 2-hour movie's variant names 1,800 segments. So a playlist without
  // links of a grant is made once per SHARED_WINDOW of its segment TTL (concurrent fetches wait for the same making)
  // and given to every viewer let in meanwhile, whatever their grant's own expiry: its links then live at most
  // MEDIA_SEGMENT_TTL_SEC, the bound a refund already has.
  const shared = new LRUCache<string, string, { text: string; key: string }>({
    maxSize: SHARED_MAX_BYTES,
    sizeCalculation: (body) => Math.max(1, body.length),
    ttl: (deps.segmentTtlSec * 1000) / SHARED_WINDOW,
    fetchMethod: (_key, _stale, { context }) => made(context.text, context.key, deps.segmentTtlSec),
  });

  const notFoundIfMissing = (err: unknown): never => {
    if (err instanceof StorageNotFound) throw notFound("Media");
    throw err;
  };

  async function textOf(key: string): Promise<string> {
    return (await readAll(storage, key).catch(notFoundIfMissing)).toString("utf8");
  }

  /** `text` with its URIs signed now: segments for `ttlSec`, playlists as links of `link` (a master's only). */
  function made(text: string, key: string, ttlSec: number, link?: VerifiedLink & { viewer: GrantViewer }) {
    return rewritePlaylist(text, async (ref: PlaylistRef) => {
      const target = keyOfRef(ref.uri, key);
      if (!target) throw new Error(`${key} names what is no file of its item: ${ref.uri}`);
      if (ref.kind === "playlist") {
        if (!link) throw new Error(`${key}: a shared playlist names another playlist`);
        return signer.sameGrant(target, link);
      }
      return (await storage.directUrl(target, { ttlSec })) ?? signer.sign(target, ttlSec);
    });
  }

  async function sharedOrMade(key: string, link: VerifiedLink & { viewer: GrantViewer }): Promise<string> {
    const text = await textOf(key);
    // A master (links of the grant) or disk storage (signing is cheap): made for this fetch.
    const shareable = storage.kind === "s3" && !playlistRefs(text).some((ref) => ref.kind === "playlist");
    if (!shareable) return made(text, key, shortTtl(link), link);
    return (await shared.fetch(key, { context: { text, key } })) as string;
  }

  async function playlist(reply: FastifyReply, key: string, link: VerifiedLink & { viewer: GrantViewer }) {
    const body = await sharedOrMade(key, link);
    reply.code(200).header("Content-Type", PLAYLIST_TYPE).header("Cache-Control", "private, no-store").send(body);
  }

  return {
    /** True once it has answered (the caller returns `reply`); false: the caller sends the file from disk. */
    async answer(reply: FastifyReply, key: string, link: VerifiedLink): Promise<boolean> {
      const { viewer } = link;
      if (viewer) await checkViewer(key, viewer);
      if (key.endsWith(".m3u8")) {
        if (!viewer) throw forbidden(NOT_VALID);
        await playlist(reply, key, { ...link, viewer });
        return true;
      }
      if (viewer && key.endsWith(".vtt")) {
        // A movie's captions are small text a <track> loads, and a <track> does not follow a redirect to another
        // origin (the bucket) unless the whole <video> is fetched with CORS: answered from here, on every storage.
        reply
          .code(200)
          .header("Content-Type", contentTypeOf(key))
          .header("Cache-Control", "private, no-store")
          .send(await readAll(storage, key).catch(notFoundIfMissing));
        return true;
      }
      const downloadName = downloadNameOf(key);
      const direct = await storage.directUrl(key, {
        ttlSec: shortTtl(link),
        ...(downloadName ? { downloadName } : {}),
      });
      if (!direct) return false;
      reply.code(302).header("Location", direct).header("Cache-Control", "private, no-store").send();
      return true;
    },
  };
}
export type GrantedMedia = ReturnType<typeof createGrantedMedia>;
