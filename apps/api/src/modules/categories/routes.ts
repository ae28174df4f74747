import { entityId } from "@marquee/contracts/common";
import {
  adminSearchCategoriesQuery,
  category,
  categoryBody,
  categoryList,
  searchCategoriesQuery,
  updateCategoryBody,
} from "@marquee/contracts/content";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../audit/service.ts";
import type { CategoriesService } from "./service.ts";

const admin = { access: "admin", geo: "open", maintenance: "open" } as const;
const params = z.strictObject({ id: entityId });

export const categoriesRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (
  app,
  { categories },
) => {
  app.get("/user/assets/categories/search", {
    config: { access: "public" },
    schema: { tags: ["categories"], querystring: searchCategoriesQuery, response: { 200: categoryList } },
    handler: async (req) => categories.search(req.query),
  });

  app.get("/admin/categories", {
    config: admin,
    schema: { tags: ["admin"], querystring: adminSearchCategoriesQuery, response: { 200: categoryList } },
    handler: async (req) => categories.adminSearch(req.query),
  });

  app.post("/admin/categories", {
    config: admin,
    schema: { tags: ["admin"], body: categoryBody, response: { 201: category } },
    handler: async (req, reply) => reply.status(201).send(await categories.create(req.body, actorOf(req))),
  });

  app.put("/admin/categories/:id", {
    config: admin,
    schema: { tags: ["admin"], params, body: updateCategoryBody, response: { 200: category } },
    handler: async (req) => categories.update(req.params.id, req.body, actorOf(req)),
  });

  app.delete("/admin/categories/:id", {
    config: admin,
    schema: { tags: ["admin"], params },
    handler: async (req, reply) => {
      await categories.remove(req.params.id, actorOf(req));
      return reply.status(204).send();
    },
  });
};
