import {
  continueWatchingList,
  historyQuery,
  progressParams,
  progressReport,
  watchHistory,
  watchProgress,
} from "@marquee/contracts/watching-schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../platform/access.ts";
import type { WatchingService } from "./service.ts";

const tags = ["watching"];

export const watchingRoutes: FastifyPluginAsyncZod<{ watching: WatchingService }> = async (app, { watching }) => {
  app.post("/watching/progress/:videoId", {
    config: { access: "user" },
    schema: {
      tags,
      summary: "The player's report of where the member is in a movie (every ~10 s, on pause and on leaving)",
      description:
        "404 when the member may not open the movie. A position in the movie's last seconds finishes it (stored as 0). One report per movie is saved every 2 s at most: one sooner is answered with `saved: false` and the previous one stands.",
      params: progressParams,
      body: progressReport,
      response: { 200: watchProgress },
    },
    handler: async (req) => watching.report(currentUser(req), req.params.videoId, req.body),
  });

  app.get("/watching/progress/:videoId", {
    config: { access: "user" },
    schema: {
      tags,
      summary: "Where the member is in a movie (position 0 when not started or finished)",
      params: progressParams,
      response: { 200: watchProgress },
    },
    handler: async (req) => watching.progress(currentUser(req), req.params.videoId),
  });

  app.get("/watching/continue", {
    config: { access: "user" },
    schema: {
      tags,
      summary: '"Continue watching": movies started and not finished, the most recently watched first',
      response: { 200: continueWatchingList },
    },
    handler: async (req) => watching.continueWatching(currentUser(req)),
  });

  app.get("/watching/history", {
    config: { access: "user" },
    schema: {
      tags,
      summary: "The member's watch history, newest first (offset paging)",
      querystring: historyQuery,
      response: { 200: watchHistory },
    },
    handler: async (req) => watching.history(currentUser(req), req.query),
  });

  app.delete("/watching/history/:videoId", {
    config: { access: "user" },
    schema: {
      tags,
      summary: "Removes a movie from the member's history (404 when it is not in it)",
      params: progressParams,
    },
    handler: async (req, reply) => {
      await watching.remove(currentUser(req), req.params.videoId);
      return reply.status(204).send();
    },
  });

  app.delete("/watching/history", {
    config: { access: "user" },
    schema: {
      tags,
      summary: "Clears the member's whole watch history",
      response: { 200: z.object({ removed: z.number().int() }) },
    },
    handler: async (req) => watching.clear(currentUser(req)),
  });
};
