import { recaptchaBody, recaptchaResponse } from "@marquee/contracts/site";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RecaptchaService } from "./service.ts";

export const recaptchaRoutes: FastifyPluginAsyncZod<{ recaptcha: RecaptchaService }> = async (app, { recaptcha }) => {
  app.post("/re-captcha/verify", {
    config: { access: "public" },
    schema: { tags: ["site"], body: recaptchaBody, response: { 200: recaptchaResponse } },
    handler: async (req) => recaptcha.verify(req.body.token, req.ip),
  });
};
