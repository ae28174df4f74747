import { savedAddressList } from "@marquee/contracts/addresses";
import { entityId } from "@marquee/contracts/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../platform/access.ts";
import type { AddressesService } from "./service.ts";

const tags = ["addresses"];

/** The member's own saved shipping addresses: kept by store checkouts, offered at the next one. */
export const addressesRoutes: FastifyPluginAsyncZod<{ addresses: AddressesService }> = async (app, deps) => {
  app.get("/users/me/addresses", {
    config: { access: "user" },
    schema: {
      tags,
      summary: "The member's saved shipping addresses, the last used first",
      response: { 200: savedAddressList },
    },
    handler: async (req) => deps.addresses.list(currentUser(req)),
  });

  app.delete("/users/me/addresses/:id", {
    config: { access: "user" },
    schema: {
      tags,
      summary: "Deletes one of the member's saved addresses (404 for anyone else's); orders keep their own copy",
      params: z.strictObject({ id: entityId }),
    },
    handler: async (req, reply) => {
      await deps.addresses.remove(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  });
};
