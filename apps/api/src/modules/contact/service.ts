import type { contactBody } from "@marquee/contracts/site";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { tooManyRequests } from "../../platform/errors.ts";
import type { Mailer } from "../../platform/mailer.ts";
import type { Throttle } from "../../platform/throttle.ts";
import type { CaptchaGate } from "../recaptcha/service.ts";
import type { SettingsService } from "../settings/service.ts";
import { contactMessages } from "./tables.ts";

/** Messages one address may send per hour through the contact form. */
export const CONTACT_LIMIT_PER_HOUR = 5;

export function createContactService(deps: {
  db: Db;
  mailer: Mailer;
  throttle: Throttle;
  settings: SettingsService;
  captcha: CaptchaGate;
}) {
  return {
    async send({ captchaToken, ...body }: z.infer<typeof contactBody>, meta: { ip: string; userId?: string }) {
      // Nothing is counted, stored or mailed for a form the captcha refuses.
      await deps.captcha.requirePass(captchaToken, meta.ip);
      if ((await deps.throttle.hit(`contact:${meta.ip}`, 3_600_000)) > CONTACT_LIMIT_PER_HOUR) {
        throw tooManyRequests("You have sent several messages already. Please try again in an hour.");
      }
      await deps.db.insert(contactMessages).values({ ...body, userId: meta.userId, ip: meta.ip });
      const [to, siteName] = await Promise.all([deps.settings.get("contactEmail"), deps.settings.get("siteName")]);
      await deps.mailer.send({
        to,
        subject: `[${siteName} contact] ${body.subject ?? `Message from ${body.name}`}`,
        text: `From: ${body.name} <${body.email}>\n\n${body.message}`,
      });
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
