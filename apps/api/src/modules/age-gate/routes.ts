import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AgeGateService } from "./service.ts";

const verdict = z.object({
  mode: z.enum(["off", "click-through", "countries"]),
  countryCode: z.string().nullable(),
  /** The gate applies to this address (before the cookie and the page). */
  applies: z.boolean(),
  /** The browser carries the cookie of a passed gate. */
  passed: z.boolean(),
  /** This page, for this browser, is the gate until it is passed. */
  required: z.boolean(),
});

export const ageGateRoutes: FastifyPluginAsyncZod<{ ageGate: AgeGateService }> = async (app, { ageGate }) => {
  app.get("/age-gate/check", {
    config: { access: "public", geo: "open", maintenance: "open" },
    schema: {
      tags: ["site"],
      summary: "Whether the age gate stands before a page for this caller (address, age-gate cookie)",
      querystring: z.strictObject({ path: z.string().startsWith("/").max(2000).default("/") }),
      response: { 200: verdict },
    },
    handler: async (req) => ageGate.check({ ip: req.ip, cookieHeader: req.headers.cookie, path: req.query.path }),
  });
};
