import { messageResponse } from "@marquee/contracts/common";
import { contactBody } from "@marquee/contracts/site";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ContactService } from "./service.ts";

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post("/contact", {
    config: { access: "public" },
    schema: { tags: ["site"], body: contactBody, response: { 201: messageResponse } },
    handler: async (req, reply) => {
      await contact.send(req.body, { ip: req.ip, userId: req.user?.id });
      return reply.status(201).send({ message: "Thanks for your message. We will get back to you soon." });
    },
  });
};
