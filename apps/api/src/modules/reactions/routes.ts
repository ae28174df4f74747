import {
  reactedGalleryList,
  reactedItemsQuery,
  reactedVideoList,
  reactionKey,
  reactionList,
  reactionState,
  searchReactionsQuery,
} from "@marquee/contracts/reactions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../platform/access.ts";
import { badRequest } from "../../platform/errors.ts";
import type { ReactionWrites } from "./writing.ts";

const tags = ["reactions"];

/** DELETE takes its key in the body or, for clients that send no body with DELETE, in the query string. */
function keyOf(body: unknown, query: unknown) {
  if (body !== undefined && body !== null) return { where: "body", parsed: reactionKey.safeParse(body) } as const;
  return { where: "querystring", parsed: reactionKey.safeParse(query ?? {}) } as const;
}

export const reactionsRoutes: FastifyPluginAsyncZod<{ reactions: ReactionWrites }> = async (app, { reactions }) => {
  app.post("/reactions", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Likes, favourites or puts on the watch-later list a movie (`video`), gallery, product or performer the member may open (404 otherwise); comments take likes only (422). A repeat changes nothing. Answers the object's counters; its watchers get `reaction:updated` when they moved.",
      body: reactionKey,
      response: { 200: reactionState },
    },
    handler: async (req) => reactions.react(currentUser(req), req.body),
  });

  app.delete("/reactions", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "Takes a reaction back (the same fields as POST, in the body or the query string). Taking back one that is not there changes nothing.",
      response: { 200: reactionState },
    },
    handler: async (req) => {
      const { where, parsed } = keyOf(req.body, req.query);
      if (!parsed.success) {
        // As the schema errors name them: unknown keys by their own names.
        const details = parsed.error.issues.map((i) => ({
          path: [where, ...i.path.map(String), ...(i.code === "unrecognized_keys" ? [i.keys.join(",")] : [])].join("."),
          message: i.message,
        }));
        throw badRequest(details.map((d) => `${d.path}: ${d.message}`).join("; "), details);
      }
      return reactions.unreact(currentUser(req), parsed.data);
    },
  });

  app.get("/reactions/search", {
    config: { access: "user" },
    schema: {
      tags,
      description: "The member's own reactions, newest first, by `action` and `objectType`.",
      querystring: searchReactionsQuery,
      response: { 200: reactionList },
    },
    handler: async (req) => reactions.search(currentUser(req), req.query),
  });

  app.get("/reactions/videos", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "The member's favourite movies (`action=watch_later`: the watch-later list; `like`: liked ones), newest first, each with the movie as the catalogue lists it. Movies they may no longer open are left out of the page.",
      querystring: reactedItemsQuery,
      response: { 200: reactedVideoList },
    },
    handler: async (req) => reactions.videos(currentUser(req), req.query),
  });

  app.get("/reactions/galleries", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "The member's favourite galleries (`action=watch_later` or `like` likewise), newest first, each with the gallery as the catalogue lists it.",
      querystring: reactedItemsQuery,
      response: { 200: reactedGalleryList },
    },
    handler: async (req) => reactions.galleries(currentUser(req), req.query),
  });
};
