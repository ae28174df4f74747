import { API_PREFIX } from "@marquee/contracts/origin";
import type { RealtimeNotifier, RealtimeSender } from "@marquee/contracts/realtime-events";
import { type Config, mediaSecretOf, twoFactorKeyOf } from "./config.ts";
import type { Database } from "./db/client.ts";
import { buildEngagement, forgetEngagementOf } from "./engagement.ts";
import { createAccessService } from "./modules/access/service.ts";
import { createAdminAssetsService } from "./modules/admin-assets/service.ts";
import { createWithdrawnRegistry } from "./modules/admin-assets/withdrawn.ts";
import { createAgeGateService } from "./modules/age-gate/service.ts";
import { recordAudit } from "./modules/audit/service.ts";
import { createAuditTrail } from "./modules/audit/trail.ts";
import { createAuthService } from "./modules/auth/service.ts";
import { createBannersService } from "./modules/banners/service.ts";
import { createCategoriesService } from "./modules/categories/service.ts";
import type { PaymentGateway } from "./modules/commerce/gateways/gateway.ts";
import { createOwnership } from "./modules/commerce/ownership.ts";
import { buildCommerce } from "./modules/commerce/wiring.ts";
import { createContactService } from "./modules/contact/service.ts";
import { createCountryBlockService } from "./modules/country-block/service.ts";
import { createGalleriesService } from "./modules/galleries/service.ts";
import { createNotificationsService } from "./modules/notifications/service.ts";
import { createPagesService } from "./modules/pages/service.ts";
import { createPerformersService } from "./modules/performers/service.ts";
import { createPostsService } from "./modules/posts/service.ts";
import { createProductsService } from "./modules/products/service.ts";
import { createReactionsService } from "./modules/reactions/service.ts";
import { createRecaptchaService } from "./modules/recaptcha/service.ts";
import { reportMails } from "./modules/reports/mails.ts";
import { createReportsService } from "./modules/reports/service.ts";
import { buildReportTargets } from "./modules/reports/targets.ts";
import { createReviewService } from "./modules/review/service.ts";
import { createSearchService } from "./modules/search/service.ts";
import { createSiteImages } from "./modules/settings/images.ts";
import { createSettingsService } from "./modules/settings/service.ts";
import { createNews } from "./modules/social/news/service.ts";
import { gallerySource, postSource, productSource, videoSource } from "./modules/social/news/sources.ts";
import { buildSocial } from "./modules/social/wiring.ts";
import { createSystemService } from "./modules/system/service.ts";
import { createAccounts } from "./modules/users/accounts.ts";
import { createUsersService } from "./modules/users/service.ts";
import { createVaultService } from "./modules/vault/service.ts";
import { createVerificationService } from "./modules/verification/service.ts";
import { createVideosService } from "./modules/videos/service.ts";
import { createWatchingService } from "./modules/watching/service.ts";
import type { Engageable } from "./platform/engageable.ts";
import type { GeoIp } from "./platform/geoip.ts";
import { isUuid } from "./platform/ids.ts";
import { createJobs, type Jobs, type JobsLog } from "./platform/jobs.ts";
import type { Mailer } from "./platform/mailer.ts";
import { createGrantedMedia } from "./platform/media/grants.ts";
import type { ObjectType } from "./platform/realtime.ts";
import { createUrlSigner } from "./platform/signed-urls.ts";
import type { Storage } from "./platform/storage.ts";
import { createThrottle } from "./platform/throttle.ts";

/**
 * Sends a realtime event of the map (@marquee/contracts/realtime-events) to one user; a no-op until the socket server
 * is attached (and in tests without it).
 */
export type SendToUser = RealtimeSender;
/**
 * The `notify` modules get: the same, and every `notification` event (the sender's fields) is stored first
 * (modules/notifications/service.ts).
 */
export type Notify = RealtimeNotifier;
/** Sends a realtime event of the map to the watchers of one object's page (room `object:<id>`); a no-op likewise. */
export type ToObject = RealtimeSender;
/** Closes the sockets of sessions that just ended (room `session:<id>`, on every process); a no-op likewise. */
export type SessionsEnded = (sessionIds: string[]) => void;

/** What the app is built from: its configuration and the outside things it talks to. */
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

/** Every service of the app, built in dependency order. */
export type Services = ReturnType<typeof buildServices>;

export function buildServices(
  deps: AppDeps,
  live: { send: SendToUser; toObject: ToObject; sessionsEnded: SessionsEnded },
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
    // A sign-up that came by a performer's tracking link counts for it (commerce/offers).
    onSignup: (userId, ref) => commerce.offers.attributeSignup(userId, ref),
  });
  const users = createUsersService({
    db,
    storage,
    requestEmailChange: auth.requestEmailChange,
    pendingEmailOf: auth.pendingEmailOf,
    onDeactivated: (userId) => auth.revokeSessions(userId),
  });
  // Commerce's answer to "what does this member own": what access decisions and the store read (issue 24).
  const ownership = createOwnership({ db });
  const access = createAccessService({ ownership });
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
  // A grant's viewer as their account is now: a deactivated one counts as nobody signed in.
  const viewerOf = async (userId: string) => {
    const row = isUuid(userId) ? await accounts.byId(userId) : undefined;
    return row?.status === "active" ? { id: row.id, role: row.role } : null;
  };
  const galleries = createGalleriesService({
    review: review.gate,
    db,
    storage,
    jobs,
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
    listCacheMs: config.listCacheMs,
    jobs,
    access,
    ownership,
    reactions,
    performers,
    categories,
    notify,
    forgetEngagement,
    publication,
    log,
    viewerOf,
  });
  // The performer's vault (issue 25 section 2): media uploaded once, attached to feed posts and messages by id.
  const vault = createVaultService({ db, storage, jobs, signer, log, viewerOf });
  const products = createProductsService({
    review: review.gate,
    db,
    ownership,
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
  const watching = createWatchingService({ db, videos });
  const withdrawn = createWithdrawnRegistry({ videos, galleries });
  // What the media route does with a valid link beyond sending a file from disk: grants checked again with their
  // item's module, playlists made per fetch, redirects to object storage.
  const grantedMedia = createGrantedMedia({
    storage,
    signer,
    segmentTtlSec: config.mediaSegmentTtlSec,
    items: { videos: videos.playback, vault: vault.playback },
  });
  // Commerce (DESIGN section 6): checkout, the ledger and its gateway, orders, subscriptions, earnings, payouts.
  // A new subscriber gets the performer's welcome message (social, built after commerce: bound below).
  let welcome: ((userId: string, performerId: string) => void) | undefined;
  const commerce = buildCommerce({
    subscribed: (userId, performerId) => welcome?.(userId, performerId),
    db,
    config,
    external,
    settings,
    accounts,
    throttle,
    notify,
    toObject,
    log,
    offers: { video: videos.offer, gallery: galleries.offer, product: products.offer },
    stock: products.stock,
    sellable: products.sellable,
    performers,
    verification,
    twoFactorAmong: auth.twoFactorAmong,
    atRestKey,
    geoip: deps.geoip,
  });
  const pages = createPagesService({
    banners,
    performers,
    videos,
    galleries,
    posts,
    products,
    access,
    subscriptions: commerce.subscriptions,
    watching,
  });
  // Social (issue 25): following, feed posts and the feed, each through the modules that own what it shows.
  const social = buildSocial({
    db,
    storage,
    ownership,
    reactions,
    throttle,
    settings,
    forgetEngagement,
    checkout: (buyer, sale) => commerce.payments.single(buyer, sale),
    toUser: send,
    log,
    // Reports are built below; this is asked only when an admin reads a reported conversation.
    isReported: (kind, id) => reports.isReported(kind, id),
    jobs,
    catalogue: { videos, galleries, products },
    vault,
  });
  welcome = social.welcome.subscribed;
  // News of new items, in the app and by email digest (issue 25 section 1); feed posts add their source.
  const news = createNews({
    db,
    log,
    sources: [videoSource(videos), gallerySource(galleries), productSource(products)],
    followerIds: social.follows.followerIds,
    subscriberIds: ownership.subscriberIds,
    notifyMany: notifications.notifyMany,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    siteName: () => settings.get("siteName"),
    secret: atRestKey,
    mailable: accounts.mailable,
    followedByEach: social.follows.followedByEach,
    subscribedPerformersOf: ownership.subscribedPerformersOf,
  });
  news.addSource(postSource(social.posts));
  const assets = createAdminAssetsService({ videos, galleries, withdrawn, notify });
  // Comments, reactions and realtime rooms reach the objects they are on through each module's `engagement`
  // (DESIGN section 2).
  const engageable: Record<ObjectType, Engageable> = {
    video: videos.engagement,
    gallery: galleries.engagement,
    product: products.engagement,
    performer: performers.engagement,
    post: posts.engagement,
    "feed-post": social.posts.engagement,
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
    feedPosts: social.posts,
    messages: social.moderation,
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

  return {
    ...commerce,
    commerce,
    canRead,
    auditTrail: createAuditTrail(db),
    reports,
    withdrawn,
    grantedMedia,
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
    siteImages: createSiteImages({ storage, settings }),
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
    vault,
    verification,
    watching,
    social,
    news,
  };
}
