import { country, language, phoneCode, userAdditional as userAdditionalSchema } from "@marquee/contracts/site";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { countryList, languageList, phoneCodeList, userAdditional } from "./service.ts";

export const lookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists = [
    ["/countries/list", z.array(country), countryList],
    ["/languages/list", z.array(language), languageList],
    ["/phone-codes/list", z.array(phoneCode), phoneCodeList],
    ["/user-additional", userAdditionalSchema, userAdditional],
  ] as const;
  for (const [url, schema, value] of lists) {
    app.get(url, {
      config: { access: "public" },
      schema: { tags: ["site"], response: { 200: schema } },
      handler: async (_req, reply) => {
        reply.header("cache-control", "public, max-age=86400");
        return value;
      },
    });
  }
};
