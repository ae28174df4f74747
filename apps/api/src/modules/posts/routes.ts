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
    handler: async (req, reply) => {
      const created = await posts.create(req.body);
      await app.audit(req, { action: "posts.create", subjectType: "post", subjectId: created._id, after: created });
      return reply.status(201).send(created);
    },
  });

  app.put("/admin/posts/:id", {
    config: admin,
    schema: { tags: ["admin"], params, body: updatePostBody, response: { 200: post } },
    handler: async (req) => {
      const before = await posts.view(req.user, req.params.id).catch(() => null);
      const after = await posts.update(req.params.id, req.body);
      await app.audit(req, { action: "posts.update", subjectType: "post", subjectId: after._id, before, after });
      return after;
    },
  });

  app.delete("/admin/posts/:id", {
    config: admin,
    schema: { tags: ["admin"], params },
    handler: async (req, reply) => {
      const before = await posts.view(req.user, req.params.id).catch(() => null);
      await posts.remove(req.params.id);
      await app.audit(req, { action: "posts.delete", subjectType: "post", subjectId: req.params.id, before });
      return reply.status(204).send();
    },
  });

  app.post("/admin/posts/:id/image/upload", {
    config: admin,
    schema: { tags: ["admin"], params, description: "Multipart, field `file`: an image.", response: { 200: post } },
    handler: async (req) => {
      const after = await posts.setImage(req.params.id, await readSingleFile(req, imageMaxBytes));
      await app.audit(req, {
        action: "posts.image",
        subjectType: "post",
        subjectId: after._id,
        after: { image: after.image?.url ?? null },
      });
      return after;
    },
  });
};
