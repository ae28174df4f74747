import { messageResponse } from "@marquee/contracts/common";
import { retryJobParams, systemStatus } from "@marquee/contracts/system";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../audit/service.ts";
import type { SystemService } from "./service.ts";

const admin = { access: "admin", geo: "open", maintenance: "open" } as const;
const tags = ["admin"];

export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (app, { system }) => {
  app.get("/admin/system", {
    config: admin,
    schema: {
      tags,
      summary: "The media workers (alive, what each is on), the job queues' depth and the recent failures",
      response: { 200: systemStatus },
    },
    handler: async () => system.status(),
  });

  app.post("/admin/system/jobs/:queue/:id/retry", {
    config: admin,
    schema: {
      tags,
      summary: "Run a failed job once more",
      params: retryJobParams,
      response: { 200: messageResponse },
    },
    handler: async (req) => {
      await system.retry(req.params.queue, req.params.id, actorOf(req));
      return { message: "The job will run again." };
    },
  });
};
