import { galleryPage, homePage, moviePage, pageParams, performerPage } from "@marquee/contracts/pages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clientHints } from "../videos/views.ts";
import type { PagesService } from "./service.ts";

const tags = ["pages"];

/** One call per server-rendered page: public, and per viewer when a session comes with it. */
export const pagesRoutes: FastifyPluginAsyncZod<{ pages: PagesService }> = async (app, { pages }) => {
  app.get("/pages/home", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "The home page: top banners, popular performers, newest movies and galleries, the home text",
      querystring: z.strictObject({}),
      response: { 200: homePage },
    },
    handler: async (req) => pages.home(req.user),
  });

  app.get("/pages/movies/:id", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "A movie's page by id or slug (counts a view), with the subscriptions that would unlock it",
      params: pageParams,
      response: { 200: moviePage },
    },
    handler: async (req) => pages.movie(req.user, req.params.id, clientHints(req)),
  });

  app.get("/pages/performers/:id", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "A performer's page by id or username (counts a view), with their newest movies and galleries",
      params: pageParams,
      response: { 200: performerPage },
    },
    handler: async (req) => pages.performer(req.user, req.params.id),
  });

  app.get("/pages/galleries/:id", {
    config: { access: "public" },
    schema: {
      tags,
      summary: "A gallery's page by id or slug (counts a view): its first photos, and the subscriptions that open it",
      params: pageParams,
      response: { 200: galleryPage },
    },
    handler: async (req) => pages.gallery(req.user, req.params.id),
  });
};
