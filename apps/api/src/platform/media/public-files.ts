import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../errors.ts";
import { isStorageKey, type Storage } from "../storage.ts";

/** How long the bucket URL a public file's redirect names stays valid. */
export const PUBLIC_REDIRECT_TTL_SEC = 3600;
/** How long a browser or shared cache may keep the redirect: well within the URL's life. */
const REDIRECT_MAX_AGE_SEC = 300;

/**
 * `GET|HEAD /files/<key>` on object storage without S3_PUBLIC_BASE_URL: a 302 to a URL of the bucket presigned for
 * PUBLIC_REDIRECT_TTL_SEC, so the bytes go from the bucket to the browser. The take-down check runs before it (the
 * hook app.ts puts on `/files/`). The redirect may be cached for REDIRECT_MAX_AGE_SEC, so a page full of avatars
 * is not a round of API requests on every view; with S3_PUBLIC_BASE_URL the pages name the public base URL instead.
 */
export const publicFilesRedirect: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  app.get("/files/*", {
    config: { access: "public" },
    schema: {
      tags: ["media"],
      summary: "A public file on object storage: a redirect to the bucket",
      params: z.object({ "*": z.string().max(1000).describe("The file's key below public/") }),
    },
    handler: async (req, reply) => {
      const key = `public/${req.params["*"]}`;
      if (!isStorageKey(key)) throw notFound("File");
      const url = await storage.directUrl(key, { ttlSec: PUBLIC_REDIRECT_TTL_SEC });
      if (!url) throw notFound("File");
      return reply
        .code(302)
        .header("Location", url)
        .header("Cache-Control", `public, max-age=${REDIRECT_MAX_AGE_SEC}`)
        .send();
    },
  });
};
