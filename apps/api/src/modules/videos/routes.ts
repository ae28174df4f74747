import { entityId, idOrSlug } from "@marquee/contracts/common";
import {
  createVideoBody,
  searchStudioVideosQuery,
  searchVideosQuery,
  studioVideo,
  studioVideoList,
  updateVideoBody,
  type VideoList,
  videoDetail,
  videoList,
  videoMedia,
} from "@marquee/contracts/videos";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import { readSingleFile, streamSingleFileToDisk } from "../../platform/uploads.ts";
import { captionRoutes } from "./caption-routes.ts";
import type { VideosService } from "./service.ts";
import { clientHints } from "./views.ts";

const tags = ["videos"];
const studioTags = ["studio"];
const byIdOrSlug = z.strictObject({ id: idOrSlug });
const byId = z.strictObject({ id: entityId });

export const videosRoutes: FastifyPluginAsyncZod<{
  videos: VideosService;
  videoMaxBytes: number;
  imageMaxBytes: number;
}> = async (app, { videos, videoMaxBytes, imageMaxBytes }) => {
  await app.register(captionRoutes, { videos });

  app.get("/user/assets/videos/search", {
    config: { access: "public" },
    // The schema documents the answer; the answer itself is PostgreSQL's JSON text (videos/cards.ts), sent as it
    // is: a string with a JSON content type skips Fastify's serializer. videos.test.ts checks it against the schema.
    schema: { tags, querystring: searchVideosQuery, response: { 200: videoList } },
    handler: async (req, reply) => {
      const text = await videos.searchJson(req.query, req.user);
      return reply.type("application/json; charset=utf-8").send(text as unknown as VideoList);
    },
  });

  app.get("/user/assets/videos/:id", {
    config: { access: "public" },
    schema: { tags, params: byIdOrSlug, response: { 200: videoDetail } },
    handler: async (req) => videos.detail(req.user, req.params.id, clientHints(req)),
  });

  app.get("/user/assets/videos/:id/media", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "Fresh media links for a player whose links ran out (no view is counted)",
      description:
        'The movie\'s `media` as its detail gives it, decided again now: 404 when the viewer may not open the movie, 403 "You no longer have access to this movie." when they may not watch it.',
      params: byIdOrSlug,
      response: { 200: videoMedia },
    },
    handler: async (req) => videos.freshMedia(req.user, req.params.id),
  });

  app.get("/performer/assets/videos/:id/view", {
    config: { access: "performer" },
    schema: { tags: studioTags, params: byIdOrSlug, response: { 200: studioVideo } },
    handler: async (req) => videos.studioView(currentUser(req), req.params.id),
  });

  app.get("/performer/assets/videos/search", {
    config: { access: "performer" },
    schema: { tags: studioTags, querystring: searchStudioVideosQuery, response: { 200: studioVideoList } },
    handler: async (req) => videos.studioSearch(currentUser(req), req.query),
  });

  app.post("/performer/assets/videos", {
    config: { access: "performer" },
    schema: { tags: studioTags, body: createVideoBody, response: { 201: studioVideo } },
    handler: async (req, reply) => reply.status(201).send(await videos.create(currentUser(req), req.body)),
  });

  app.put("/performer/assets/videos/:id", {
    config: { access: "performer" },
    schema: { tags: studioTags, params: byId, body: updateVideoBody, response: { 200: studioVideo } },
    handler: async (req) => videos.update(currentUser(req), req.params.id, req.body),
  });

  app.delete("/performer/assets/videos/:id", {
    config: { access: "performer" },
    schema: { tags: studioTags, params: byId },
    handler: async (req, reply) => {
      await videos.remove(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.post("/performer/assets/videos/:id/upload/video", {
    config: { access: "performer" },
    schema: {
      tags: studioTags,
      summary: "Upload the movie file (multipart, field `file`); it is processed in the background",
      params: byId,
      response: { 200: studioVideo },
    },
    handler: async (req) =>
      videos.uploadVideo(currentUser(req), req.params.id, (dest) => streamSingleFileToDisk(req, videoMaxBytes, dest)),
  });

  app.post("/performer/assets/videos/:id/upload/teaser", {
    config: { access: "performer" },
    schema: {
      tags: studioTags,
      summary: "Upload a video to cut the public teaser from (multipart, field `file`)",
      params: byId,
      response: { 200: studioVideo },
    },
    handler: async (req) =>
      videos.uploadTeaser(currentUser(req), req.params.id, (dest) => streamSingleFileToDisk(req, videoMaxBytes, dest)),
  });

  app.post("/performer/assets/videos/:id/upload/thumbnail", {
    config: { access: "performer" },
    schema: {
      tags: studioTags,
      summary: "Upload the thumbnail image (multipart, field `file`)",
      params: byId,
      response: { 200: studioVideo },
    },
    handler: async (req) =>
      videos.uploadThumbnail(currentUser(req), req.params.id, () => readSingleFile(req, imageMaxBytes)),
  });
};
