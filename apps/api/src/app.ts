import { createHmac, randomBytes } from "node:crypto";
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
import { type Config, mediaSecretOf, twoFactorKeyOf } from "./config.ts";
import type { Database } from "./db/client.ts";
import { buildEngagement, forgetEngagementOf } from "./engagement.ts";
import { createAccessService } from "./modules/access/service.ts";
import { adminAssetsRoutes } from "./modules/admin-assets/routes.ts";
import { createAdminAssetsService } from "./modules/admin-assets/service.ts";
import { createWithdrawnRegistry } from "./modules/admin-assets/withdrawn.ts";
import { ageGateRoutes } from "./modules/age-gate/routes.ts";
import { createAgeGateService } from "./modules/age-gate/service.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { recordAudit } from "./modules/audit/service.ts";
import { createAuditTrail } from "./modules/audit/trail.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { createAuthService } from "./modules/auth/service.ts";
import { twoFactorRoutes } from "./modules/auth/two-factor-routes.ts";
import { bannersRoutes } from "./modules/banners/routes.ts";
import { createBannersService } from "./modules/banners/service.ts";
import { categoriesRoutes } from "./modules/categories/routes.ts";
import { createCategoriesService } from "./modules/categories/service.ts";
import { commentsRoutes } from "./modules/comments/routes.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { createContactService } from "./modules/contact/service.ts";
import { countryBlockRoutes } from "./modules/country-block/routes.ts";
import { createCountryBlockService } from "./modules/country-block/service.ts";
import { galleriesRoutes } from "./modules/galleries/routes.ts";
import { createGalleriesService } from "./modules/galleries/service.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { lookupsRoutes } from "./modules/lookups/routes.ts";
import { notificationsRoutes } from "./modules/notifications/routes.ts";
import { createNotificationsService } from "./modules/notifications/service.ts";
import { ordersRoutes } from "./modules/orders/routes.ts";
import { createOrdersService } from "./modules/orders/service.ts";
import { pagesRoutes } from "./modules/pages/routes.ts";
import { createPagesService } from "./modules/pages/service.ts";
import { paymentsAdminRoutes } from "./modules/payments/admin-routes.ts";
import { createCcbillGateway } from "./modules/payments/ccbill.ts";
import { createCoupons } from "./modules/payments/coupons.ts";
import { createEarnings } from "./modules/payments/earnings.ts";
import type { PaymentGateway } from "./modules/payments/gateway.ts";
import { createLedgerInspection } from "./modules/payments/inspect.ts";
import { createPayoutDetails } from "./modules/payments/payout-details.ts";
import { payoutDetailsRoutes } from "./modules/payments/payout-details-routes.ts";
import { createPayouts } from "./modules/payments/payouts.ts";
import { paymentsRoutes } from "./modules/payments/routes.ts";
import { createSandboxGateway } from "./modules/payments/sandbox.ts";
import { createPaymentsService } from "./modules/payments/service.ts";
import { performersRoutes } from "./modules/performers/routes.ts";
import { createPerformersService } from "./modules/performers/service.ts";
import { ensureLegalPages } from "./modules/posts/legal.ts";
import { postsRoutes } from "./modules/posts/routes.ts";
import { createPostsService } from "./modules/posts/service.ts";
import { productsRoutes } from "./modules/products/routes.ts";
import { createProductsService } from "./modules/products/service.ts";
import { reactionsRoutes } from "./modules/reactions/routes.ts";
import { createReactionsService } from "./modules/reactions/service.ts";
import { recaptchaRoutes } from "./modules/recaptcha/routes.ts";
import { createRecaptchaService } from "./modules/recaptcha/service.ts";
import { reportMails } from "./modules/reports/mails.ts";
import { reportsRoutes } from "./modules/reports/routes.ts";
import { createReportsService } from "./modules/reports/service.ts";
import { buildReportTargets } from "./modules/reports/targets.ts";
import { reviewRoutes } from "./modules/review/routes.ts";
import { createReviewService } from "./modules/review/service.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { createSearchService } from "./modules/search/service.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { createSettingsService } from "./modules/settings/service.ts";
import { subscriptionsRoutes } from "./modules/subscriptions/routes.ts";
import { createSubscriptionsService } from "./modules/subscriptions/service.ts";
import { systemRoutes } from "./modules/system/routes.ts";
import { createSystemService } from "./modules/system/service.ts";
import { createAccounts } from "./modules/users/accounts.ts";
import { usersRoutes } from "./modules/users/routes.ts";
import { createUsersService } from "./modules/users/service.ts";
import { verificationRoutes } from "./modules/verification/routes.ts";
import { createVerificationService } from "./modules/verification/service.ts";
import { videosRoutes } from "./modules/videos/routes.ts";
import { createVideosService } from "./modules/videos/service.ts";
import { registerAccess } from "./platform/access.ts";
import { capConnectionsPerAddress, serverTimeouts } from "./platform/connections.ts";
import { createStorage } from "./platform/create-storage.ts";
import type { Engageable } from "./platform/engageable.ts";
import { notFound, registerErrorHandling } from "./platform/errors.ts";
import type { GeoIp } from "./platform/geoip.ts";
import { isUuid } from "./platform/ids.ts";
import { refuseUnstorableText } from "./platform/input.ts";
import { createJobs, type Jobs, type JobsLog } from "./platform/jobs.ts";
import type { Mailer } from "./platform/mailer.ts";
import { createGrantedMedia } from "./platform/media/grants.ts";
import { createMediaHandoff, handOff, isFile } from "./platform/media/handoff.ts";
import { publicFilesRedirect } from "./platform/media/public-files.ts";
import { contentTypeOf, mediaRoutes } from "./platform/media/serve.ts";
import { createMediaWork } from "./platform/media/work.ts";
import { attachRealtime, type ObjectType, type Realtime } from "./platform/realtime.ts";
import { createSecretBox } from "./platform/secret-box.ts";
import { createUrlSigner, redactUrl } from "./platform/signed-urls.ts";
import type { Storage } from "./platform/storage.ts";
import { createThrottle } from "./platform/throttle.ts";

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  geoip: GeoIp;
  storage?: Storage;
  /** Tests that do not listen skip the socket server. */
  realtime?: boolean;
  /** Background jobs; by default pg-boss in the app's database. Started and stopped with the app. */
  jobs?: Jobs;
}

export type App = FastifyInstance & {
  services: Awaited<ReturnType<typeof buildServices>>;
  realtime?: Realtime;
  /** Sent by the demo seed's in-process requests (platform/access.ts DEMO_SEED_HEADER). */
  demoSeedKey: string;
};

/**
 * Sends a realtime event to one user; a no-op until the socket server is attached (and in tests without it). The
 * `notify` modules get also stores every `notification` event (modules/notifications/service.ts).
 */
export type Notify = (userId: string, event: string, payload: unknown) => void;
/** Sends a realtime event to the watchers of one object's page (room `object:<id>`); a no-op likewise. */
export type ToObject = (objectId: string, event: string, payload: unknown) => void;
/** Closes the sockets of sessions that just ended (room `session:<id>`, on every process); a no-op likewise. */
export type SessionsEnded = (sessionIds: string[]) => void;

/**
 * The configured gateway other than the sandbox (null: the sandbox). Stripe's SDK is loaded only when Stripe is the
 * gateway: it is a large module, and a site on the sandbox or CCBill need not pay its start-up time.
 */
async function externalGatewayOf(config: Config): Promise<PaymentGateway | null> {
  if (config.stripe) return (await import("./modules/payments/stripe.ts")).createStripeGateway(config.stripe);
  if (config.ccbill) return createCcbillGateway(config.ccbill);
  return null;
}

function buildServices(
  deps: AppDeps,
  live: { send: Notify; toObject: ToObject; sessionsEnded: SessionsEnded },
  log: JobsLog,
  external: PaymentGateway | null,
) {
  const { send, toObject } = live;
  const { db } = deps.database;
  // Every module's `notify`: a `notification` is stored for its member, then sent live (issue 12).
  const notifications = createNotificationsService({ db, send, log });
  const { notify } = notifications;
  const { config } = deps;
  const { pglite } = deps.database;
  const jobs =
    deps.jobs ??
    createJobs({
      database: pglite ? { pglite } : { connectionString: config.databaseUrl as string },
      log,
      leaseSeconds: config.jobsLeaseSec,
    });
  // Private media is only reachable through links signed after an access check (DESIGN section 9). Media links are
  // root-relative under the API prefix, so they work under whatever host name the site was opened by.
  const signer = createUrlSigner({
    secret: mediaSecretOf(config),
    publicBaseUrl: API_PREFIX,
    ttlSec: config.mediaUrlTtlSec,
  });
  // buildApp chose it (the configuration's, unless a test gave one).
  const storage = deps.storage as Storage;
  const throttle = createThrottle(db);
  const settings = createSettingsService(db, config);
  const accounts = createAccounts(db);
  // The one key that seals secrets at rest (TOTP secrets, payout details), each use under its own derived key.
  const atRestKey = twoFactorKeyOf(config);
  const recaptcha = createRecaptchaService(deps.config.recaptcha);
  const auth = createAuthService({
    db,
    accounts,
    mailer: deps.mailer,
    throttle,
    settings,
    jobs,
    captcha: recaptcha,
    publicUrl: deps.config.publicUrl,
    // Every deleted session row (logout, revocation, password change or reset, deactivation below, expiry) closes
    // the sockets signed in with it.
    onSessionsEnded: live.sessionsEnded,
    twoFactorKey: atRestKey,
    adminTwoFactorRequired: config.adminTwoFactorRequired,
  });
  const users = createUsersService({
    db,
    storage,
    requestEmailChange: auth.requestEmailChange,
    pendingEmailOf: auth.pendingEmailOf,
    onDeactivated: (userId) => auth.revokeSessions(userId),
  });
  const access = createAccessService({ db });
  const reactions = createReactionsService({ db });
  const forgetEngagement = forgetEngagementOf(reactions, notifications.forgetComments);
  // Catalogue services (performers, categories, posts, banners, videos, galleries, search) are created here.
  const categories = createCategoriesService({ db });
  const performers = createPerformersService({ db, storage, access, categories, accounts, reactions });
  // Publishing and payouts wait for a performer's verification (issue 22 section 1).
  const verification = createVerificationService({
    db,
    storage,
    signer,
    mailer: deps.mailer,
    settings,
    accounts,
    performers,
    notify,
    audit: recordAudit,
  });
  const publication = verification;
  const posts = createPostsService({ db, storage, forgetEngagement });
  const banners = createBannersService({ db, storage });
  // Review before publication (issue 22 section 2): its gate decides, at every performer's publication, whether
  // the item waits for an admin; the kinds' modules hand it their queues once they exist.
  const review = createReviewService({
    settings,
    ports: () => ({ video: videos.review, gallery: galleries.review, product: products.review }),
    accounts,
    notify,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    log,
  });
  const galleries = createGalleriesService({
    review: review.gate,
    db,
    storage,
    signer,
    access,
    reactions,
    performers,
    categories,
    forgetEngagement,
    publication,
  });
  const videos = createVideosService({
    review: review.gate,
    db,
    storage,
    signer,
    segmentTtlSec: config.mediaSegmentTtlSec,
    jobs,
    access,
    reactions,
    performers,
    categories,
    notify,
    forgetEngagement,
    publication,
    log,
    viewerOf: async (userId) => {
      const row = isUuid(userId) ? await accounts.byId(userId) : undefined;
      return row?.status === "active" ? { id: row.id, role: row.role } : null;
    },
  });
  const products = createProductsService({
    review: review.gate,
    db,
    storage,
    signer,
    downloadTtlSec: config.productDownloadTtlSec,
    performers,
    categories,
    reactions,
    forgetEngagement,
    publication,
  });
  verification.setItems({ video: videos.managedItem, gallery: galleries.managedItem });
  const search = createSearchService({
    counters: {
      performers: performers.countMatching,
      movies: videos.countMatching,
      galleries: galleries.countMatching,
      products: products.countMatching,
    },
  });
  const pages = createPagesService({ banners, performers, videos, galleries, posts, products });
  const withdrawn = createWithdrawnRegistry({ videos, galleries });
  // What the media route does with a valid link beyond sending a file from disk: grants checked again with their
  // item's module, playlists made per fetch, redirects to object storage.
  const grantedMedia = createGrantedMedia({
    storage,
    signer,
    segmentTtlSec: config.mediaSegmentTtlSec,
    items: { videos: videos.playback },
  });
  // The gateway comes from the configuration (DESIGN section 6). The sandbox's callbacks are signed with a key of its
  // own derived from the media secret, so nothing else can forge them; it is made in any case (its signer is cheap)
  // but is the gateway, with its page and webhook route, only when PAYMENT_GATEWAY is `sandbox`.
  const sandbox = createSandboxGateway({
    secret: createHmac("sha256", mediaSecretOf(config)).update("marquee:sandbox-gateway").digest("base64url"),
    publicUrl: config.publicUrl,
  });
  const gateway: PaymentGateway = external ?? sandbox.gateway;
  const sandboxActive = gateway === sandbox.gateway;
  const coupons = createCoupons({ db, throttle });
  const payments = createPaymentsService({
    db,
    coupons,
    gateway,
    ...(sandboxActive ? { sandbox } : {}),
    publicUrl: config.publicUrl,
    settings,
    offers: { video: videos.offer, gallery: galleries.offer, product: products.offer },
    stock: products.stock,
    accounts,
    notify,
    log,
  });
  const assets = createAdminAssetsService({ videos, galleries, withdrawn, notify });
  // Comments, reactions and realtime rooms reach the objects they are on through each module's `engagement`
  // (DESIGN section 2).
  const engageable: Record<ObjectType, Engageable> = {
    video: videos.engagement,
    gallery: galleries.engagement,
    product: products.engagement,
    performer: performers.engagement,
    post: posts.engagement,
  };
  const { comments, moderation, reacting, canRead } = buildEngagement({
    db,
    targets: engageable,
    users,
    reactions,
    throttle,
    notify,
    forgetNotifications: notifications.forgetComments,
    toObject,
    accounts,
    videos,
    galleries,
  });
  // Reports reach each kind of item through its own module: open, hold pending review, take down (issue 22).
  const reportTargets = buildReportTargets({
    videos,
    galleries,
    products,
    posts,
    performers,
    assets,
    users,
    withdrawn,
  });
  const reports = createReportsService({
    db,
    targets: reportTargets,
    mailer: deps.mailer,
    mails: async () => reportMails({ name: await settings.get("siteName"), publicUrl: config.publicUrl }),
    throttle,
    captcha: recaptcha,
    notify,
    admins: accounts.adminIds,
  });
  const payoutDetails = createPayoutDetails(db, createSecretBox(atRestKey, "payout-details"));
  const payouts = createPayouts({
    db,
    accounts,
    settings,
    performers,
    notify,
    payoutDetails,
    twoFactorAmong: auth.twoFactorAmong,
    verification,
  });
  const inspection = createLedgerInspection({ db, accounts, payouts });

  return {
    canRead,
    reports,
    orders: createOrdersService({ db, accounts, notify }),
    subscriptions: createSubscriptionsService({ db, accounts }),
    payouts,
    payoutDetails,
    inspection,
    withdrawn,
    grantedMedia,
    payments,
    coupons,
    /** The sandbox's signer; the gateway only when `gateway` is it (`sandboxActive`). */
    sandbox,
    gateway,
    sandboxActive,
    earnings: createEarnings(db, settings),
    jobs,
    signer,
    videos,
    assets,
    review,
    storage,
    access,
    reactions,
    comments,
    moderation,
    reacting,
    notify,
    notifications,
    throttle,
    settings,
    auth,
    users,
    countryBlock: createCountryBlockService({ db, geoip: deps.geoip }),
    ageGate: createAgeGateService({ settings, geoip: deps.geoip }),
    system: createSystemService({ db, jobs, mediaJobs: config.mediaJobs }),
    contact: createContactService({ db, mailer: deps.mailer, throttle, settings, captcha: recaptcha }),
    recaptcha,
    categories,
    performers,
    posts,
    banners,
    galleries,
    products,
    search,
    pages,
    verification,
  };
}

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
  await app.register(settingsRoutes, { settings: services.settings });
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
  await app.register(ordersRoutes, { orders: services.orders });
  await app.register(notificationsRoutes, { notifications: services.notifications });
  await app.register(subscriptionsRoutes, { subscriptions: services.subscriptions, payments: services.payments });
  await app.register(paymentsAdminRoutes, { payouts: services.payouts, inspection: services.inspection });
  await app.register(payoutDetailsRoutes, { payoutDetails: services.payoutDetails });
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
