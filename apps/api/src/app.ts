import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { API_PREFIX, withoutApiPrefix } from "@marquee/contracts/origin";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { commerceRoutes, externalGatewayOf, registerCommerceJobs } from "./modules/commerce/wiring.ts";
import { ensureLegalPages } from "./modules/posts/legal.ts";
import { registerAccess } from "./platform/access.ts";
import { capConnectionsPerAddress, serverTimeouts } from "./platform/connections.ts";
import { createStorage } from "./platform/create-storage.ts";
import { registerErrorHandling } from "./platform/errors.ts";
import { refuseUnstorableText } from "./platform/input.ts";
import { createMediaWork } from "./platform/media/work.ts";
import { attachRealtime, type Realtime } from "./platform/realtime.ts";
import { redactUrl } from "./platform/signed-urls.ts";
import { type AppDeps, buildServices, type Services } from "./services.ts";
import { catalogueArea } from "./wiring/catalogue.ts";
import { mediaArea } from "./wiring/media.ts";
import { membersArea } from "./wiring/members.ts";
import { siteArea } from "./wiring/site.ts";
import { socialArea } from "./wiring/social.ts";
import { trustArea } from "./wiring/trust.ts";

export type { AppDeps };

export type App = FastifyInstance & {
  services: Services;
  realtime?: Realtime;
  /** Sent by the demo seed's in-process requests (platform/access.ts DEMO_SEED_HEADER). */
  demoSeedKey: string;
};

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            // Fastify's request fields, with the URL's secrets cut out (signed media links are logged on every play).
            serializers: {
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    trustProxy: config.trustedProxies,
    bodyLimit: 1024 * 1024,
    // Slugs and usernames in paths are validated by their schemas (up to 120 characters); let them reach it.
    routerOptions: { maxParamLength: 200 },
    // The API answers at its root and under API_PREFIX, where the browser reaches it through the web server (or a
    // reverse proxy that routes the prefix here without rewriting paths): the media links it makes start with it.
    rewriteUrl: (req) => withoutApiPrefix(req.url ?? "/"),
    ...serverTimeouts(config.timeouts),
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;
  capConnectionsPerAddress(app.server, config.connectionsPerAddress);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseUnstorableText(app);

  let realtime: Realtime | undefined;
  const services = buildServices(
    { ...deps, storage: deps.storage ?? (await createStorage(config)) },
    {
      send: (userId, event, payload) => realtime?.toUser(userId, event, payload),
      toObject: (objectId, event, payload) => realtime?.toObject(objectId, event, payload),
      sessionsEnded: (sessionIds) => realtime?.disconnectSessions(sessionIds),
    },
    app.log,
    await externalGatewayOf(config),
  );
  app.decorate("services", services);
  const demoSeedKey = randomBytes(32).toString("base64url");
  app.decorate("demoSeedKey", demoSeedKey);

  await app.register(helmet, {
    // The API answers JSON and media; the web app carries the page CSP. /docs needs its inline assets.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: "cross-origin" },
  });
  // No CORS: the browser calls the API on the site's own origin. After helmet, so refusals carry its headers.
  registerAccess(app, {
    resolveToken: services.auth.resolveToken,
    adminTwoFactorRequired: config.adminTwoFactorRequired,
    demoSeedKey,
    isCountryBlocked: services.countryBlock.isBlocked,
    isMaintenance: () => services.settings.get("maintenanceMode"),
  });

  await app.register(multipart, { limits: { fileSize: config.uploadImageMaxBytes, files: 1 } });
  await app.register(swagger, {
    openapi: {
      info: { title: "Marquee API", version: "1.0.0", description: "Members media site API" },
      // Through the site's own origin (the web server or a reverse proxy), and on the API's port alike.
      servers: [{ url: API_PREFIX }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });
  // Its page links its assets under the prefix, which the API answers too: /api/docs works on the site's origin and
  // on the API's port.
  await app.register(swaggerUi, { routePrefix: "/docs", indexPrefix: API_PREFIX });
  await mkdir(`${config.mediaDir}/public`, { recursive: true });

  // The API's areas, each registering its own modules' routes.
  const areas = { services, config };
  await app.register(siteArea, areas);
  await app.register(membersArea, areas);
  await app.register(mediaArea, areas);
  await app.register(catalogueArea, areas);
  await app.register(trustArea, areas);
  await app.register(commerceRoutes, { commerce: services.commerce });
  await app.register(socialArea, { services });

  // Jobs run while the app does: the workers are known before the runner starts, once the app is ready.
  await services.videos.registerJobs();
  await services.galleries.registerJobs();
  await services.vault.registerJobs();
  // The heavy media jobs, here only when asked (MEDIA_JOBS=inline); else media workers run them (worker.ts).
  if (config.mediaJobs === "inline") {
    await createMediaWork({ storage: services.storage, jobs: services.jobs, log: app.log }).registerJobs();
  }
  await services.auth.registerJobs();
  await services.social.mass.registerJobs();
  await registerCommerceJobs(services.commerce, services.jobs);
  await services.news.registerJobs(services.jobs);
  // Every start: the legal pages a site must have, as templates where missing (posts/legal.ts).
  app.addHook("onReady", async () => {
    await ensureLegalPages(deps.database.db);
  });
  app.addHook("onReady", async () => services.jobs.start());
  app.addHook("preClose", async () => services.jobs.stop());
  // What is being stored is stored before the database closes.
  app.addHook("preClose", async () => services.notifications.settled());

  if (deps.realtime !== false) {
    realtime = await attachRealtime({
      server: app.server,
      redisUrl: config.redisUrl,
      resolveUser: async (token) => {
        const found = await services.auth.resolveToken(token);
        return found ? { id: found.user.id, role: found.user.role, sessionId: found.sessionId } : null;
      },
      isSessionLive: services.auth.isSessionLive,
      canRead: services.canRead,
      throttle: services.throttle,
      log: app.log,
    });
    app.decorate("realtime", realtime);
    app.addHook("preClose", async () => realtime?.close());
  }
  return app;
}
