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
    handler: async (req, reply) => {
      const created = await categories.create(req.body);
      await app.audit(req, {
        action: "categories.create",
        subjectType: "category",
        subjectId: created._id,
        after: created,
      });
      return reply.status(201).send(created);
    },
  });

  app.put("/admin/categories/:id", {
    config: admin,
    schema: { tags: ["admin"], params, body: updateCategoryBody, response: { 200: category } },
    handler: async (req) => {
      const before = await categories.get(req.params.id);
      const after = await categories.update(req.params.id, req.body);
      await app.audit(req, {
        action: "categories.update",
        subjectType: "category",
        subjectId: req.params.id,
        before,
        after,
      });
      return after;
    },
  });

  app.delete("/admin/categories/:id", {
    config: admin,
    schema: { tags: ["admin"], params },
    handler: async (req, reply) => {
      const before = await categories.get(req.params.id);
      await categories.remove(req.params.id);
      await app.audit(req, { action: "categories.delete", subjectType: "category", subjectId: req.params.id, before });
      return reply.status(204).send();
    },
  });
};
