import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../config.ts";
import { notFound } from "../platform/errors.ts";
import { createMediaHandoff, handOff, isFile } from "../platform/media/handoff.ts";
import { publicFilesRedirect } from "../platform/media/public-files.ts";
import { contentTypeOf, mediaRoutes } from "../platform/media/serve.ts";
import type { Services } from "../services.ts";

/**
 * Media: public files (`/files/`: posters, thumbnails, avatars) and private media through signed links, each sent by
 * the proxy in front (X-Accel-Redirect), the bucket (a redirect) or, failing both, from disk.
 */
export const mediaArea: FastifyPluginAsync<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  // Media files handed to the proxy in front (X-Accel-Redirect) instead of streamed: platform/media/handoff.ts.
  const handoff = createMediaHandoff({
    prefix: config.mediaAccelRedirect,
    trustedProxies: config.trustedProxies,
    cacheSec: config.mediaHandoffCacheSec,
  });
  await app.register(async (files) => {
    // A taken-down movie's poster, thumbnails and teaser, and a taken-down gallery's previews, are gone for
    // everyone; its staff get them through signed links (see the presenters).
    files.addHook("onRequest", async (req, reply) => {
      const match = /^\/files\/([^?#]*)/.exec(req.url);
      if (!match) return;
      let key: string;
      try {
        key = `public/${decodeURIComponent(match[1] as string)}`;
      } catch {
        return;
      }
      if (await services.withdrawn.takenDownAt(key)) throw notFound("File");
      // Anything but an existing file (a folder, a missing name) is @fastify/static's answer, as before.
      const target = (req.method === "GET" || req.method === "HEAD") && handoff.targetFor(req, key);
      if (target && isFile(config.mediaDir, key)) {
        return handOff(
          reply,
          target,
          { "Content-Type": contentTypeOf(key), "Cache-Control": "public, max-age=31536000, immutable" },
          handoff.reuseSec(key),
        );
      }
    });
    // On object storage the bucket sends the bytes: a redirect to it (media/public-files.ts).
    if (services.storage.kind === "s3") {
      await files.register(publicFilesRedirect, { storage: services.storage });
      return;
    }
    await files.register(fastifyStatic, {
      root: `${config.mediaDir}/public`,
      prefix: "/files/",
      decorateReply: false,
      immutable: true,
      maxAge: "365d",
      serveDotFiles: false,
    });
  });
  await app.register(mediaRoutes, {
    signer: services.signer,
    mediaDir: config.mediaDir,
    withdrawn: services.withdrawn,
    handoff,
    granted: services.grantedMedia,
  });
};
