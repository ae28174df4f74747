import { blockCountryBody, blockedCountry, countryBlockCheck, countryCode } from "@marquee/contracts/site";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf } from "../audit/service.ts";
import type { CountryBlockService } from "./service.ts";

export const countryBlockRoutes: FastifyPluginAsyncZod<{ countryBlock: CountryBlockService }> = async (
  app,
  { countryBlock },
) => {
  const admin = { access: "admin", geo: "open", maintenance: "open" } as const;

  app.get("/country-block/check", {
    config: { access: "public", geo: "open", maintenance: "open" },
    schema: { tags: ["site"], response: { 200: countryBlockCheck } },
    handler: async (req) => countryBlock.check(req.ip),
  });

  app.get("/admin/country-block", {
    config: admin,
    schema: { tags: ["admin"], response: { 200: z.array(blockedCountry) } },
    handler: async () => countryBlock.list(),
  });

  app.post("/admin/country-block", {
    config: admin,
    schema: { tags: ["admin"], body: blockCountryBody, response: { 201: blockedCountry } },
    handler: async (req, reply) => reply.status(201).send(await countryBlock.add(req.body.countryCode, actorOf(req))),
  });

  app.delete("/admin/country-block/:countryCode", {
    config: admin,
    schema: { tags: ["admin"], params: z.strictObject({ countryCode }) },
    handler: async (req, reply) => {
      await countryBlock.remove(req.params.countryCode, actorOf(req));
      return reply.status(204).send();
    },
  });
};
