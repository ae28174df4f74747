import { entityId, idOrSlug } from "@marquee/contracts/common";
import {
  adminPerformer,
  adminPerformerList,
  adminSearchPerformersQuery,
  adminUpdatePerformerBody,
  createPerformerBody,
  performer,
  performerList,
  performerProfile,
  searchPerformersQuery,
  updatePerformerBody,
} from "@marquee/contracts/performers";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import { readSingleFile } from "../../platform/uploads.ts";
import { actorOf } from "../audit/service.ts";
import type { PerformersService } from "./service.ts";

const tags = ["performers"];
const admin = { access: "admin", geo: "open", maintenance: "open" } as const;
const params = z.strictObject({ id: entityId });

export const performersRoutes: FastifyPluginAsyncZod<{ performers: PerformersService; imageMaxBytes: number }> = async (
  app,
  { performers, imageMaxBytes },
) => {
  app.get("/performers/search", {
    config: { access: "public" },
    schema: { tags, querystring: searchPerformersQuery, response: { 200: performerList } },
    handler: async (req) => performers.search(req.query, req.user),
  });

  app.get("/performers/:id", {
    config: { access: "public" },
    schema: {
      tags,
      description: "A performer by id or username; counts a view.",
      params: z.strictObject({ id: idOrSlug }),
      response: { 200: performerProfile },
    },
    handler: async (req) => performers.view(req.user, req.params.id),
  });

  app.get("/performer/profile", {
    config: { access: "performer" },
    schema: { tags, description: "The signed-in performer's own profile.", response: { 200: performer } },
    handler: async (req) => performers.own(currentUser(req).id),
  });

  app.put("/performer/profile", {
    config: { access: "performer" },
    schema: { tags, body: updatePerformerBody, response: { 200: performer } },
    handler: async (req) => performers.updateOwn(currentUser(req).id, req.body),
  });

  app.post("/performer/cover/upload", {
    config: { access: "performer" },
    schema: { tags, description: "Multipart, field `file`: an image.", response: { 200: performer } },
    handler: async (req) => performers.setCover(currentUser(req).id, await readSingleFile(req, imageMaxBytes)),
  });

  app.get("/admin/performers", {
    config: admin,
    schema: {
      tags: ["admin"],
      description:
        "Every performer, whatever their account's state, filtered by profile `status` (`all` by default) and by " +
        "the directory's filters; the same page shape as /performers/search, with each one's own commission rate.",
      querystring: adminSearchPerformersQuery,
      response: { 200: adminPerformerList },
    },
    handler: async (req) => performers.adminSearch(req.query),
  });

  app.post("/admin/performers", {
    config: admin,
    schema: { tags: ["admin"], body: createPerformerBody, response: { 201: performer } },
    handler: async (req, reply) => reply.status(201).send(await performers.create(req.body.userId, actorOf(req))),
  });

  app.put("/admin/performers/:id", {
    config: admin,
    schema: { tags: ["admin"], params, body: adminUpdatePerformerBody, response: { 200: adminPerformer } },
    handler: async (req) => performers.adminUpdate(req.params.id, req.body, actorOf(req)),
  });

  app.post("/admin/performers/:id/cover/upload", {
    config: admin,
    schema: { tags: ["admin"], params, response: { 200: performer } },
    handler: async (req) => performers.setCover(req.params.id, await readSingleFile(req, imageMaxBytes), actorOf(req)),
  });
};
