import { searchTotal, searchTotalQuery } from "@marquee/contracts/content";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SearchService } from "./service.ts";

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get("/search/total", {
    config: { access: "public" },
    schema: {
      tags: ["search"],
      description: "How many performers, movies, galleries and products match `q`.",
      querystring: searchTotalQuery,
      response: { 200: searchTotal },
    },
    handler: async (req) => search.total(req.query.q),
  });
};
