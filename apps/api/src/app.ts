import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
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
import { adminAssetsRoutes } from "./modules/admin-assets/routes.ts";
import { ageGateRoutes } from "./modules/age-gate/routes.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { createAuditTrail } from "./modules/audit/trail.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { twoFactorRoutes } from "./modules/auth/two-factor-routes.ts";
import { bannersRoutes } from "./modules/banners/routes.ts";
import { categoriesRoutes } from "./modules/categories/routes.ts";
import { commentsRoutes } from "./modules/comments/routes.ts";
import { addressesRoutes } from "./modules/commerce/addresses/routes.ts";
import { cartRoutes } from "./modules/commerce/cart/routes.ts";
import { paymentsRoutes } from "./modules/commerce/checkout/routes.ts";
import { paymentsAdminRoutes } from "./modules/commerce/ledger/admin-routes.ts";
import { ordersRoutes } from "./modules/commerce/orders/routes.ts";
import { payoutDetailsRoutes } from "./modules/commerce/payouts/payout-details-routes.ts";
import { payoutRequestsRoutes } from "./modules/commerce/payouts/payout-requests-routes.ts";
import { subscriptionsRoutes } from "./modules/commerce/subscriptions/routes.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { countryBlockRoutes } from "./modules/country-block/routes.ts";
import { galleriesRoutes } from "./modules/galleries/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { lookupsRoutes } from "./modules/lookups/routes.ts";
import { notificationsRoutes } from "./modules/notifications/routes.ts";
import { pagesRoutes } from "./modules/pages/routes.ts";
import { performersRoutes } from "./modules/performers/routes.ts";
import { ensureLegalPages } from "./modules/posts/legal.ts";
import { postsRoutes } from "./modules/posts/routes.ts";
import { productsRoutes } from "./modules/products/routes.ts";
import { reactionsRoutes } from "./modules/reactions/routes.ts";
import { recaptchaRoutes } from "./modules/recaptcha/routes.ts";
import { reportsRoutes } from "./modules/reports/routes.ts";
import { reviewRoutes } from "./modules/review/routes.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { systemRoutes } from "./modules/system/routes.ts";
import { usersRoutes } from "./modules/users/routes.ts";
import { verificationRoutes } from "./modules/verification/routes.ts";
import { videosRoutes } from "./modules/videos/routes.ts";
import { watchingRoutes } from "./modules/watching/routes.ts";
import { registerAccess } from "./platform/access.ts";
import { capConnectionsPerAddress, serverTimeouts } from "./platform/connections.ts";
import { createStorage } from "./platform/create-storage.ts";
import { notFound, registerErrorHandling } from "./platform/errors.ts";
import { refuseUnstorableText } from "./platform/input.ts";
import { createMediaHandoff, handOff, isFile } from "./platform/media/handoff.ts";
import { publicFilesRedirect } from "./platform/media/public-files.ts";
import { contentTypeOf, mediaRoutes } from "./platform/media/serve.ts";
import { createMediaWork } from "./platform/media/work.ts";
import { attachRealtime, type Realtime } from "./platform/realtime.ts";
import { redactUrl } from "./platform/signed-urls.ts";
import { type AppDeps, buildServices, externalGatewayOf } from "./services.ts";

export type { AppDeps };

export type App = FastifyInstance & {
  services: Awaited<ReturnType<typeof buildServices>>;
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
  // Media files handed to the proxy in front (X-Accel-Redirect) instead of streamed: platform/media/handoff.ts.
  const handoff = createMediaHandoff({
    prefix: config.mediaAccelRedirect,
    trustedProxies: config.trustedProxies,
    cacheSec: config.mediaHandoffCacheSec,
  });
  await app.register(async (files) => {
    // A taken-down movie's poster, thumbnails and teaser, and a taken-down gallery's previews, are gone for
    // everyone; its staff get them through signed links (see the presenters).
    files.addHook("onRequest", async (req, reply) => {
      const match = /^\/files\/([^?#]*)/.exec(req.url);
      if (!match) return;
      let key: string;
      try {
        key = `public/${decodeURIComponent(match[1] as string)}`;
      } catch {
        return;
      }
      if (await services.withdrawn.takenDownAt(key)) throw notFound("File");
      // Anything but an existing file (a folder, a missing name) is @fastify/static's answer, as before.
      const target = (req.method === "GET" || req.method === "HEAD") && handoff.targetFor(req, key);
      if (target && isFile(config.mediaDir, key)) {
        return handOff(
          reply,
          target,
          { "Content-Type": contentTypeOf(key), "Cache-Control": "public, max-age=31536000, immutable" },
          handoff.reuseSec(key),
        );
      }
    });
    // On object storage the bucket sends the bytes: a redirect to it (media/public-files.ts).
    if (services.storage.kind === "s3") {
      await files.register(publicFilesRedirect, { storage: services.storage });
      return;
    }
    await files.register(fastifyStatic, {
      root: `${config.mediaDir}/public`,
      prefix: "/files/",
      decorateReply: false,
      immutable: true,
      maxAge: "365d",
      serveDotFiles: false,
    });
  });

  await app.register(healthRoutes);
  await app.register(authRoutes, { auth: services.auth });
  await app.register(twoFactorRoutes, { auth: services.auth });
  await app.register(usersRoutes, {
    users: services.users,
    imageMaxBytes: config.uploadImageMaxBytes,
    adminTwoFactorRequired: config.adminTwoFactorRequired,
  });
  await app.register(settingsRoutes, {
    settings: services.settings,
    siteImages: services.siteImages,
    imageMaxBytes: config.uploadImageMaxBytes,
  });
  await app.register(countryBlockRoutes, { countryBlock: services.countryBlock });
  await app.register(ageGateRoutes, { ageGate: services.ageGate });
  await app.register(auditRoutes, { trail: createAuditTrail(deps.database.db) });
  await app.register(contactRoutes, { contact: services.contact });
  await app.register(reportsRoutes, { reports: services.reports });
  await app.register(lookupsRoutes);
  await app.register(recaptchaRoutes, { recaptcha: services.recaptcha });
  // Catalogue routes are registered here.
  await app.register(mediaRoutes, {
    signer: services.signer,
    mediaDir: config.mediaDir,
    withdrawn: services.withdrawn,
    handoff,
    granted: services.grantedMedia,
  });
  await app.register(videosRoutes, {
    videos: services.videos,
    videoMaxBytes: config.uploadVideoMaxBytes,
    imageMaxBytes: config.uploadImageMaxBytes,
  });
  await app.register(watchingRoutes, { watching: services.watching });
  await app.register(categoriesRoutes, { categories: services.categories });
  await app.register(performersRoutes, {
    performers: services.performers,
    imageMaxBytes: config.uploadImageMaxBytes,
  });
  await app.register(postsRoutes, { posts: services.posts, imageMaxBytes: config.uploadImageMaxBytes });
  await app.register(bannersRoutes, { banners: services.banners, imageMaxBytes: config.uploadImageMaxBytes });
  await app.register(galleriesRoutes, { galleries: services.galleries, imageMaxBytes: config.uploadImageMaxBytes });
  await app.register(productsRoutes, {
    products: services.products,
    imageMaxBytes: config.uploadImageMaxBytes,
    fileMaxBytes: config.uploadProductFileMaxBytes,
  });
  await app.register(adminAssetsRoutes, { assets: services.assets });
  await app.register(reviewRoutes, { review: services.review });
  await app.register(paymentsRoutes, {
    payments: services.payments,
    earnings: services.earnings,
    coupons: services.coupons,
    gateway: services.gateway.name,
    ...(services.sandboxActive ? { sandbox: services.sandbox } : {}),
  });
  await app.register(ordersRoutes, { orders: services.orders, library: services.library });
  await app.register(cartRoutes, { cart: services.cart });
  await app.register(addressesRoutes, { addresses: services.addresses });
  await app.register(notificationsRoutes, { notifications: services.notifications });
  await app.register(subscriptionsRoutes, { subscriptions: services.subscriptions, payments: services.payments });
  await app.register(paymentsAdminRoutes, { payouts: services.payouts, inspection: services.inspection });
  await app.register(payoutDetailsRoutes, { payoutDetails: services.payoutDetails });
  await app.register(payoutRequestsRoutes, { requests: services.payoutRequests, statements: services.statements });
  await app.register(searchRoutes, { search: services.search });
  await app.register(pagesRoutes, { pages: services.pages });
  await app.register(commentsRoutes, { comments: services.comments, moderation: services.moderation });
  await app.register(reactionsRoutes, { reactions: services.reacting });
  await app.register(systemRoutes, { system: services.system });
  await app.register(verificationRoutes, {
    verification: services.verification,
    imageMaxBytes: config.uploadImageMaxBytes,
  });

  // Jobs run while the app does: the workers are known before the runner starts, once the app is ready.
  await services.videos.registerJobs();
  await services.galleries.registerJobs();
  // The heavy media jobs, here only when asked (MEDIA_JOBS=inline); else media workers run them (worker.ts).
  if (config.mediaJobs === "inline") {
    await createMediaWork({ storage: services.storage, jobs: services.jobs, log: app.log }).registerJobs();
  }
  await services.auth.registerJobs();
  await services.payments.registerJobs(services.jobs);
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
