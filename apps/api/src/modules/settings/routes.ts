import {
  adminSetting,
  imageSettingParams,
  paymentStatus,
  publicSettingsQuery,
  settingGroups,
  settingKeysBody,
  settingsMap,
  updateSettingBody,
} from "@marquee/contracts/settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readSingleFile } from "../../platform/uploads.ts";
import { actorOf } from "../audit/service.ts";
import type { SiteImages } from "./images.ts";
import type { SettingsService } from "./service.ts";

export const settingsRoutes: FastifyPluginAsyncZod<{
  settings: SettingsService;
  siteImages: SiteImages;
  imageMaxBytes: number;
}> = async (app, { settings, siteImages, imageMaxBytes }) => {
  const open = { geo: "open", maintenance: "open" } as const;

  app.get("/settings/public", {
    config: { access: "public", ...open },
    schema: { tags: ["settings"], querystring: publicSettingsQuery, response: { 200: settingsMap } },
    handler: async (req) => settings.publicValues(req.query.group),
  });

  app.post("/settings/keys", {
    config: { access: "public", ...open },
    schema: { tags: ["settings"], body: settingKeysBody, response: { 200: settingsMap } },
    handler: async (req) => settings.publicKeys(req.body.keys),
  });

  app.get("/admin/settings", {
    config: { access: "admin", ...open },
    schema: {
      tags: ["admin"],
      querystring: z.strictObject({ group: z.enum(settingGroups).optional() }),
      response: { 200: z.array(adminSetting) },
    },
    handler: async (req) => settings.list(req.query.group),
  });

  app.get("/admin/settings/payment", {
    config: { access: "admin", ...open },
    schema: { tags: ["admin"], response: { 200: paymentStatus } },
    handler: async () => settings.paymentStatus(),
  });

  app.put("/admin/settings/:key", {
    config: { access: "admin", ...open },
    schema: {
      tags: ["admin"],
      params: z.strictObject({ key: z.string().max(60) }),
      body: updateSettingBody,
      response: { 200: adminSetting },
    },
    handler: async (req) => settings.update(req.params.key, req.body.value, actorOf(req)),
  });

  app.post("/admin/settings/:key/upload", {
    config: { access: "admin", ...open },
    schema: {
      tags: ["admin"],
      summary: "Upload the logo, the favicon or the login page's image",
      description:
        "Multipart, field `file`: a PNG, SVG, JPEG, WebP or GIF picture. It is re-encoded (an SVG is drawn to pixels, so no script it carries is kept) and the setting then points at the stored file.",
      params: imageSettingParams,
      response: { 200: adminSetting },
    },
    handler: async (req) => siteImages.upload(req.params.key, await readSingleFile(req, imageMaxBytes), actorOf(req)),
  });
};
