import path from "node:path";
import send from "@fastify/send";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { forbidden, notFound } from "../errors.ts";
import type { UrlSigner } from "../signed-urls.ts";
import { contentTypeOf } from "./content-types.ts";
import type { GrantedMedia } from "./grants.ts";
import { handOff, isFile, type MediaHandoff } from "./handoff.ts";

export { contentTypeOf };

/** Digital products' files are downloads: the browser saves them, never shows them on the site's origin. */
const DOWNLOAD_RE = /^private\/product-files\//;

/** How a digital product's file is saved: under its own name, as a download. */
const dispositionOf = (key: string) => `attachment; filename="${path.basename(key).replace(/[^a-z0-9._-]/gi, "_")}"`;

const params = z.object({
  exp: z.string().max(20).describe("Expiry, unix seconds"),
  sig: z.string().max(120).describe("Issue time, the grant's viewer (if any) and the signature"),
  "*": z.string().max(1000).describe("Storage key, e.g. private/videos/<id>/hls/master.m3u8"),
});

/**
 * `GET|HEAD /media/:exp/:sig/<key>`: private media through signed, expiring links (see signed-urls.ts).
 * The link is checked here, and a take-down since it was made stops it early (404): the links handed out before it,
 * not the ones its staff get after. A grant's viewer is checked again, playlists are made per fetch and object
 * storage answers with a redirect to the bucket (grants.ts). Files on disk come from `${mediaDir}/${key}` through
 * @fastify/send (ranges, conditional requests, HEAD), or, when `handoff` says so, from the proxy in front after an
 * `X-Accel-Redirect` answer (handoff.ts).
 */
export const mediaRoutes: FastifyPluginAsyncZod<{
  signer: UrlSigner;
  mediaDir: string;
  withdrawn?: { madeBeforeTakedown(key: string, issuedAt: Date): Promise<boolean> };
  handoff?: MediaHandoff;
  granted: GrantedMedia;
}> = async (app, { signer, mediaDir, withdrawn, handoff, granted }) => {
  const root = path.resolve(mediaDir);

  app.get("/media/:exp/:sig/*", {
    config: { access: "public" },
    schema: {
      tags: ["media"],
      summary: "A private media file through a signed link (supports Range and HEAD)",
      params,
    },
    handler: async (req, reply) => {
      const { exp, sig, "*": key } = req.params;
      const grant = signer.verify(exp, sig, key);
      if (!grant) throw forbidden("This media link has expired or is not valid.");
      if (await withdrawn?.madeBeforeTakedown(key, grant.issuedAt)) throw notFound("Media");
      if (await granted.answer(reply, key, grant)) return reply;

      const target = handoff?.targetFor(req, key);
      if (handoff && target) {
        if (!isFile(root, key)) throw notFound("Media");
        const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
        return handOff(
          reply,
          target,
          {
            "Content-Type": contentTypeOf(key),
            "Cache-Control": `private, max-age=${maxAge}`,
            ...(DOWNLOAD_RE.test(key) ? { "Content-Disposition": dispositionOf(key) } : {}),
          },
          handoff.reuseSec(key, maxAge),
        );
      }

      const result = await send(req.raw, `/${key}`, {
        root,
        dotfiles: "deny",
        index: false,
        cacheControl: false,
        contentType: false,
        acceptRanges: true,
        etag: true,
        lastModified: true,
        highWaterMark: 256 * 1024,
      });
      const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
      reply.header("Cache-Control", `private, max-age=${maxAge}`);

      if (result.type === "directory") throw notFound("Media");
      if (result.type === "error") {
        result.stream.destroy();
        const status = result.statusCode;
        if (status === 416) {
          return reply.code(416).header("Content-Range", result.headers["Content-Range"]).send({
            statusCode: 416,
            error: "Range Not Satisfiable",
            message: "The requested range is not in the file.",
          });
        }
        if (status === 412) {
          return reply
            .code(412)
            .send({ statusCode: 412, error: "Precondition Failed", message: "The file has changed." });
        }
        if (status === 403 || status === 404) throw notFound("Media");
        throw result.metadata.error;
      }

      reply.code(result.statusCode).headers(result.headers);
      if (result.statusCode !== 304) reply.header("Content-Type", contentTypeOf(key));
      if (DOWNLOAD_RE.test(key)) reply.header("Content-Disposition", dispositionOf(key));
      return reply.send(result.stream);
    },
  });
};
