/**
 * Every screen with its path, module and handle (layout, requiresAuth, noRedirect).
 * routes.ts builds the route table from this list; each route module exports its entry's handle;
 * the root loader looks the handle up by URL so it can protect pages before anything renders.
 */
import { matchPath } from "react-router";

export type LayoutName = "primary" | "blank" | "auth" | "public" | "geo-block" | "maintenance";

export interface PageHandle {
  layout: LayoutName;
  requiresAuth: boolean;
  noRedirect: boolean;
  /** Only admins may see it; others get the page's 403 content with HTTP status 403. */
  adminOnly?: boolean;
  /** Only performers (and admins) may see it; others get the page's 403 content with HTTP status 403. */
  performerOnly?: boolean;
}

interface Page {
  path: string;
  file: string;
  handle: PageHandle;
}

const open = (layout: LayoutName): PageHandle => ({ layout, requiresAuth: false, noRedirect: false });
const protectedPage = (layout: LayoutName): PageHandle => ({ layout, requiresAuth: true, noRedirect: false });
/**
 * SPEC section 6: a page that requires authentication but declares no-redirect is rendered for a visitor too (it says
 * what it can without the session) instead of sending them to /auth/login.
 */
const protectedNoRedirect = (layout: LayoutName): PageHandle => ({ layout, requiresAuth: true, noRedirect: true });
const adminPage: PageHandle = { ...protectedPage("primary"), adminOnly: true };
const studioPage: PageHandle = { ...protectedPage("primary"), performerOnly: true };

export const pages = {
  home: { path: "/", file: "routes/home.tsx", handle: open("primary") },
  authLogin: { path: "/auth/login", file: "routes/auth.login.tsx", handle: open("auth") },
  login: { path: "/login", file: "routes/login.tsx", handle: open("auth") },
  register: { path: "/auth/register", file: "routes/auth.register.tsx", handle: open("auth") },
  forgotPassword: { path: "/auth/forgot-password", file: "routes/auth.forgot-password.tsx", handle: open("auth") },
  resetPassword: { path: "/auth/reset-password", file: "routes/auth.reset-password.tsx", handle: open("auth") },
  verifyEmail: { path: "/auth/verify-email", file: "routes/auth.verify-email.tsx", handle: open("blank") },
  confirmEmail: { path: "/auth/confirm-email", file: "routes/auth.confirm-email.tsx", handle: open("blank") },
  // A digest mail's unsubscribe link opened in a browser (issue 25 section 1).
  unsubscribe: { path: "/unsubscribe", file: "routes/unsubscribe.tsx", handle: open("blank") },
  resendVerification: {
    path: "/auth/resend-verification",
    file: "routes/auth.resend-verification.tsx",
    handle: open("auth"),
  },
  account: { path: "/account", file: "routes/account.tsx", handle: protectedPage("primary") },
  accountOrders: { path: "/account/orders", file: "routes/account.orders.tsx", handle: protectedPage("primary") },
  accountReceipt: {
    path: "/account/orders/:id/receipt",
    file: "routes/account.orders.$id.receipt.tsx",
    handle: protectedPage("primary"),
  },
  accountLibrary: { path: "/account/library", file: "routes/account.library.tsx", handle: protectedPage("primary") },
  accountFavourites: {
    path: "/account/favourites",
    file: "routes/account.favourites.tsx",
    handle: protectedPage("primary"),
  },
  accountHistory: {
    path: "/account/history",
    file: "routes/account.history.tsx",
    handle: protectedPage("primary"),
  },
  accountWatchLater: {
    path: "/account/watch-later",
    file: "routes/account.watch-later.tsx",
    handle: protectedPage("primary"),
  },
  verification: { path: "/verification", file: "routes/verification.tsx", handle: protectedPage("primary") },
  feed: { path: "/feed", file: "routes/feed.tsx", handle: protectedPage("primary") },
  feedPost: { path: "/feed/:id", file: "routes/feed.$id.tsx", handle: open("primary") },
  notifications: { path: "/notifications", file: "routes/notifications.tsx", handle: protectedPage("primary") },
  messages: { path: "/messages", file: "routes/messages.tsx", handle: protectedPage("primary") },
  conversation: { path: "/messages/:id", file: "routes/messages.$id.tsx", handle: protectedPage("primary") },
  messagesWith: {
    path: "/messages/with/:userId",
    file: "routes/messages.with.$userId.tsx",
    handle: protectedPage("primary"),
  },
  contact: { path: "/contact", file: "routes/contact.tsx", handle: open("primary") },
  movies: { path: "/movies", file: "routes/movies.tsx", handle: open("primary") },
  movie: { path: "/movies/:id", file: "routes/movies.$id.tsx", handle: open("primary") },
  performers: { path: "/performers", file: "routes/performers.tsx", handle: open("primary") },
  performer: { path: "/performers/:username", file: "routes/performers.$username.tsx", handle: open("primary") },
  posts: { path: "/posts", file: "routes/posts.tsx", handle: open("primary") },
  post: { path: "/posts/:slug", file: "routes/posts.$slug.tsx", handle: open("primary") },
  search: { path: "/search", file: "routes/search.tsx", handle: open("primary") },
  galleries: { path: "/galleries", file: "routes/galleries.tsx", handle: open("primary") },
  gallery: { path: "/galleries/:id", file: "routes/galleries.$id.tsx", handle: open("primary") },
  photos: { path: "/photos", file: "routes/photos.tsx", handle: open("primary") },
  store: { path: "/store", file: "routes/store.tsx", handle: open("primary") },
  product: { path: "/store/:id", file: "routes/store.$id.tsx", handle: open("primary") },
  cart: { path: "/cart", file: "routes/cart.tsx", handle: open("primary") },
  membership: { path: "/membership", file: "routes/membership.tsx", handle: open("primary") },
  paymentSuccess: { path: "/payment/success", file: "routes/payment.success.tsx", handle: protectedPage("primary") },
  // A buyer back from the gateway whose session ended meanwhile still learns that nothing was charged.
  paymentCancel: {
    path: "/payment/cancel",
    file: "routes/payment.cancel.tsx",
    handle: protectedNoRedirect("primary"),
  },
  // The sandbox stands for the gateway's own page: bare (the public layout), without the site's header and footer.
  paymentSandbox: {
    path: "/payment/sandbox/:id",
    file: "routes/payment.sandbox.tsx",
    handle: protectedPage("public"),
  },
  admin: { path: "/admin", file: "routes/admin.tsx", handle: adminPage },
  // The ledger rows behind one of the dashboard's figures.
  adminDashboardRows: { path: "/admin/dashboard/rows", file: "routes/admin.dashboard.rows.tsx", handle: adminPage },
  adminSettings: { path: "/admin/settings", file: "routes/admin.settings.tsx", handle: adminPage },
  adminCountries: { path: "/admin/countries", file: "routes/admin.countries.tsx", handle: adminPage },
  adminUsers: { path: "/admin/users", file: "routes/admin.users.tsx", handle: adminPage },
  adminCategories: { path: "/admin/categories", file: "routes/admin.categories.tsx", handle: adminPage },
  adminPosts: { path: "/admin/posts", file: "routes/admin.posts.tsx", handle: adminPage },
  adminBanners: { path: "/admin/banners", file: "routes/admin.banners.tsx", handle: adminPage },
  adminPerformers: { path: "/admin/performers", file: "routes/admin.performers.tsx", handle: adminPage },
  adminCatalogue: { path: "/admin/catalogue", file: "routes/admin.catalogue.tsx", handle: adminPage },
  adminReview: { path: "/admin/review", file: "routes/admin.review.tsx", handle: adminPage },
  adminTransactions: { path: "/admin/transactions", file: "routes/admin.transactions.tsx", handle: adminPage },
  adminPackages: { path: "/admin/packages", file: "routes/admin.packages.tsx", handle: adminPage },
  adminSubscriptions: { path: "/admin/subscriptions", file: "routes/admin.subscriptions.tsx", handle: adminPage },
  adminTransaction: { path: "/admin/transactions/:id", file: "routes/admin.transactions.$id.tsx", handle: adminPage },
  adminOrders: { path: "/admin/orders", file: "routes/admin.orders.tsx", handle: adminPage },
  adminComments: { path: "/admin/comments", file: "routes/admin.comments.tsx", handle: adminPage },
  adminOrder: { path: "/admin/orders/:id", file: "routes/admin.orders.$id.tsx", handle: adminPage },
  adminPayouts: { path: "/admin/payouts", file: "routes/admin.payouts.tsx", handle: adminPage },
  adminCoupons: { path: "/admin/coupons", file: "routes/admin.coupons.tsx", handle: adminPage },
  adminTaxes: { path: "/admin/taxes", file: "routes/admin.taxes.tsx", handle: adminPage },
  adminVerifications: {
    path: "/admin/verifications",
    file: "routes/admin.verifications.tsx",
    handle: adminPage,
  },
  adminAudit: { path: "/admin/audit", file: "routes/admin.audit.tsx", handle: adminPage },
  adminSystem: { path: "/admin/system", file: "routes/admin.system.tsx", handle: adminPage },
  adminReports: { path: "/admin/reports", file: "routes/admin.reports.tsx", handle: adminPage },
  adminMessage: { path: "/admin/messages/:id", file: "routes/admin.messages.$id.tsx", handle: adminPage },
  offer: { path: "/offers/:id", file: "routes/offers.$id.tsx", handle: open("primary") },
  reportAppeal: { path: "/reports/appeal", file: "routes/reports.appeal.tsx", handle: open("primary") },
  studio: { path: "/studio", file: "routes/studio.tsx", handle: studioPage },
  studioMovies: { path: "/studio/movies", file: "routes/studio.movies.tsx", handle: studioPage },
  studioGalleries: { path: "/studio/galleries", file: "routes/studio.galleries.tsx", handle: studioPage },
  studioProducts: { path: "/studio/products", file: "routes/studio.products.tsx", handle: studioPage },
  studioProfile: { path: "/studio/profile", file: "routes/studio.profile.tsx", handle: studioPage },
  studioEarnings: { path: "/studio/earnings", file: "routes/studio.earnings.tsx", handle: studioPage },
  studioTips: { path: "/studio/tips", file: "routes/studio.tips.tsx", handle: studioPage },
  studioVault: { path: "/studio/vault", file: "routes/studio.vault.tsx", handle: studioPage },
  studioPromotions: { path: "/studio/promotions", file: "routes/studio.promotions.tsx", handle: studioPage },
  studioSubscribers: { path: "/studio/subscribers", file: "routes/studio.subscribers.tsx", handle: studioPage },
  studioPosts: { path: "/studio/posts", file: "routes/studio.posts.tsx", handle: studioPage },
  studioMessages: { path: "/studio/messages", file: "routes/studio.messages.tsx", handle: studioPage },
  studioFollowers: { path: "/studio/followers", file: "routes/studio.followers.tsx", handle: studioPage },
  studioOrders: { path: "/studio/orders", file: "routes/studio.orders.tsx", handle: studioPage },
  studioReports: { path: "/studio/reports", file: "routes/studio.reports.tsx", handle: studioPage },
  studioVerification: {
    path: "/studio/verification",
    file: "routes/studio.verification.tsx",
    handle: studioPage,
  },
  ageCheck: { path: "/age-check", file: "routes/age-check.tsx", handle: open("blank") },
  ageCheckExit: { path: "/age-check/exit", file: "routes/age-check.exit.tsx", handle: open("blank") },
  notFound: { path: "*", file: "routes/not-found.tsx", handle: open("primary") },
} satisfies Record<string, Page>;

/** Paths that stay reachable under maintenance so an admin can log in. */
export const MAINTENANCE_OPEN_PATHS = [pages.authLogin.path, pages.login.path];

/** How long the maintenance page asks browsers and crawlers to wait before they try again (`Retry-After`). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/**
 * Whether a page is the maintenance page: maintenance mode is on and the viewer is not an admin (admins browse the
 * site, with a banner), except on the login pages.
 */
export function showsMaintenance(maintenanceMode: boolean, role: string | null | undefined, pathname: string): boolean {
  return maintenanceMode && role !== "admin" && !MAINTENANCE_OPEN_PATHS.includes(pathname);
}

/** The handle of the page a pathname renders (the 404 page when nothing else matches). */
export function pageHandleFor(pathname: string): PageHandle {
  for (const page of Object.values(pages)) {
    if (page.path !== "*" && matchPath({ path: page.path, end: true }, pathname)) return page.handle;
  }
  return pages.notFound.handle;
}

/** Whether a signed-in user with `role` (or a visitor, `undefined`) is refused the page: admin and studio areas. */
export function isForbidden(handle: PageHandle, role: string | null | undefined): boolean {
  if (handle.adminOnly) return role !== "admin";
  if (handle.performerOnly) return role !== "performer" && role !== "admin";
  return false;
}

export function isPageHandle(value: unknown): value is PageHandle {
  return !!value && typeof value === "object" && "layout" in value && "requiresAuth" in value;
}
