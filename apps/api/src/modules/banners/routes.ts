import { entityId } from "@marquee/contracts/common";
import {
  adminSearchBannersQuery,
  banner,
  bannerBody,
  bannerList,
  searchBannersQuery,
  updateBannerBody,
} from "@marquee/contracts/content";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readSingleFile } from "../../platform/uploads.ts";
import { actorOf } from "../audit/service.ts";
import type { BannersService } from "./service.ts";

const admin = { access: "admin", geo: "open", maintenance: "open" } as const;
const params = z.strictObject({ id: entityId });

export const bannersRoutes: FastifyPluginAsyncZod<{ banners: BannersService; imageMaxBytes: number }> = async (
  app,
  { banners, imageMaxBytes },
) => {
  app.get("/site-promo/search", {
    config: { access: "public" },
    schema: { tags: ["banners"], querystring: searchBannersQuery, response: { 200: bannerList } },
    handler: async (req) => banners.search(req.query),
  });

  app.get("/admin/banners", {
    config: admin,
    schema: { tags: ["admin"], querystring: adminSearchBannersQuery, response: { 200: bannerList } },
    handler: async (req) => banners.adminSearch(req.query),
  });

  app.post("/admin/banners", {
    config: admin,
    schema: { tags: ["admin"], body: bannerBody, response: { 201: banner } },
    handler: async (req, reply) => reply.status(201).send(await banners.create(req.body, actorOf(req))),
  });

  app.put("/admin/banners/:id", {
    config: admin,
    schema: { tags: ["admin"], params, body: updateBannerBody, response: { 200: banner } },
    handler: async (req) => banners.update(req.params.id, req.body, actorOf(req)),
  });

  app.delete("/admin/banners/:id", {
    config: admin,
    schema: { tags: ["admin"], params },
    handler: async (req, reply) => {
      await banners.remove(req.params.id, actorOf(req));
      return reply.status(204).send();
    },
  });

  app.post("/admin/banners/:id/image/upload", {
    config: admin,
    schema: { tags: ["admin"], params, description: "Multipart, field `file`: an image.", response: { 200: banner } },
    handler: async (req) => banners.setImage(req.params.id, await readSingleFile(req, imageMaxBytes), actorOf(req)),
  });
};
