import { digestSettings, digestSettingsBody, unsubscribeQuery } from "@marquee/contracts/feed";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../../platform/access.ts";
import type { News } from "./service.ts";

const tags = ["news"];
/** The one-click unsubscribe's form body is tiny (`List-Unsubscribe=One-Click`). */
const FORM_LIMIT = 1024;

/** The news by email (issue 25 section 1): news/digest.ts. */
export const newsRoutes: FastifyPluginAsyncZod<{ news: News }> = async (app, { news }) => {
  const { digest } = news;

  app.get("/news/digest", {
    config: { access: "user" },
    schema: {
      tags,
      description: "The signed-in member's news by email: `off` (the default), `daily` or `weekly`.",
      response: { 200: digestSettings },
    },
    handler: async (req) => digest.settings(currentUser(req).id),
  });

  app.put("/news/digest", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Chooses the news by email: a due member gets one mail of what is new from the performers they follow or subscribe to since their last one (none when nothing is). Turning it on starts from now.",
      body: digestSettingsBody,
      response: { 200: digestSettings },
    },
    handler: async (req) => digest.choose(currentUser(req).id, req.body.frequency),
  });

  // Its own plugin: only this route takes a form body (RFC 8058's `List-Unsubscribe=One-Click`).
  await app.register(oneClickRoutes, { news });
};

const oneClickRoutes: FastifyPluginAsyncZod<{ news: News }> = async (app, { news }) => {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_LIMIT },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // Open during maintenance and from blocked countries: stopping mail is always possible.
  const config = { access: "public", geo: "open", maintenance: "open" } as const;

  app.post("/news/unsubscribe", {
    config,
    schema: {
      tags,
      description:
        "One-click unsubscribe (RFC 8058) from the news digest: the `token` of the mail's `List-Unsubscribe` link turns its member's digest off. Takes the form body `List-Unsubscribe=One-Click`, JSON or none. 400 naming `querystring.token` for a token that is not valid.",
      querystring: unsubscribeQuery,
      response: { 200: digestSettings },
    },
    handler: async (req) => news.digest.unsubscribe(req.query.token),
  });

  app.get("/news/unsubscribe", {
    config,
    schema: {
      tags,
      description:
        "The unsubscribe link opened in a browser: changes nothing (mail scanners fetch links) and redirects (303) to the site's page with its Unsubscribe button.",
      querystring: unsubscribeQuery,
    },
    handler: async (req, reply) => reply.redirect(news.digest.unsubscribePage(req.query.token), 303),
  });
};
