import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../config.ts";
import { ageGateRoutes } from "../modules/age-gate/routes.ts";
import { contactRoutes } from "../modules/contact/routes.ts";
import { countryBlockRoutes } from "../modules/country-block/routes.ts";
import { healthRoutes } from "../modules/health/routes.ts";
import { lookupsRoutes } from "../modules/lookups/routes.ts";
import { pagesRoutes } from "../modules/pages/routes.ts";
import { recaptchaRoutes } from "../modules/recaptcha/routes.ts";
import { searchRoutes } from "../modules/search/routes.ts";
import { settingsRoutes } from "../modules/settings/routes.ts";
import { systemRoutes } from "../modules/system/routes.ts";
import type { Services } from "../services.ts";

/** The site itself: health, settings and branding, composed pages and search, who may see it, contact, system. */
export const siteArea: FastifyPluginAsync<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  await app.register(healthRoutes);
  await app.register(settingsRoutes, {
    settings: services.settings,
    siteImages: services.siteImages,
    imageMaxBytes: config.uploadImageMaxBytes,
  });
  await app.register(pagesRoutes, { pages: services.pages });
  await app.register(searchRoutes, { search: services.search });
  await app.register(lookupsRoutes);
  await app.register(countryBlockRoutes, { countryBlock: services.countryBlock });
  await app.register(ageGateRoutes, { ageGate: services.ageGate });
  await app.register(recaptchaRoutes, { recaptcha: services.recaptcha });
  await app.register(contactRoutes, { contact: services.contact });
  await app.register(systemRoutes, { system: services.system });
};
