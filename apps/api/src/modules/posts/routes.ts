import { entityId, idOrSlug } from "@marquee/contracts/common";
import {
  adminSearchPostsQuery,
  post,
  postBody,
  postList,
  searchPostsQuery,
  updatePostBody,
} from "@marquee/contracts/content";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readSingleFile } from "../../platform/uploads.ts";
import { actorOf } from "../audit/service.ts";
import type { PostsService } from "./service.ts";

const tags = ["posts"];
const admin = { access: "admin", geo: "open", maintenance: "open" } as const;
const params = z.strictObject({ id: entityId });

export const postsRoutes: FastifyPluginAsyncZod<{ posts: PostsService; imageMaxBytes: number }> = async (
  app,
  { posts, imageMaxBytes },
) => {
  app.get("/posts/search", {
    config: { access: "public" },
    schema: { tags, querystring: searchPostsQuery, response: { 200: postList } },
    handler: async (req) => posts.search(req.query),
  });

  app.get("/posts/:id", {
    config: { access: "public" },
    schema: {
      tags,
      description: "A post by id or slug.",
      params: z.strictObject({ id: idOrSlug }),
      response: { 200: post },
    },
    handler: async (req) => posts.view(req.user, req.params.id),
  });

  app.get("/admin/posts", {
    config: admin,
    schema: { tags: ["admin"], querystring: adminSearchPostsQuery, response: { 200: postList } },
    handler: async (req) => posts.adminSearch(req.query),
  });

  app.post("/admin/posts", {
    config: admin,
    schema: { tags: ["admin"], body: postBody, response: { 201: post } },
    handler: async (req, reply) => reply.status(201).send(await posts.create(req.body, actorOf(req))),
  });

  app.put("/admin/posts/:id", {
    config: admin,
    schema: { tags: ["admin"], params, body: updatePostBody, response: { 200: post } },
    handler: async (req) => posts.update(req.params.id, req.body, actorOf(req)),
  });

  app.delete("/admin/posts/:id", {
    config: admin,
    schema: { tags: ["admin"], params },
    handler: async (req, reply) => {
      await posts.remove(req.params.id, actorOf(req));
      return reply.status(204).send();
    },
  });

  app.post("/admin/posts/:id/image/upload", {
    config: admin,
    schema: { tags: ["admin"], params, description: "Multipart, field `file`: an image.", response: { 200: post } },
    handler: async (req) => posts.setImage(req.params.id, await readSingleFile(req, imageMaxBytes), actorOf(req)),
  });
};
