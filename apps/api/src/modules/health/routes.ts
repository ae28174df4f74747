import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/health", {
    config: { access: "public", geo: "open", maintenance: "open" },
    schema: { tags: ["site"], response: { 200: z.object({ status: z.literal("ok"), uptime: z.number() }) } },
    handler: async () => ({ status: "ok" as const, uptime: Math.round(process.uptime()) }),
  });
};
