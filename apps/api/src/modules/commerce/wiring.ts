import { createHmac } from "node:crypto";
import type { RealtimeSender } from "@marquee/contracts/realtime-events";
import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../../config.ts";
import { mediaSecretOf } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { GeoIp } from "../../platform/geoip.ts";
import type { Jobs } from "../../platform/jobs.ts";
import { createSecretBox } from "../../platform/secret-box.ts";
import type { Throttle } from "../../platform/throttle.ts";
import type { Actor, Offer } from "../catalogue/access.ts";
import type { PerformersService } from "../performers/service.ts";
import type { SellableLookup } from "../products/sellable.ts";
import type { Stock } from "../products/stock.ts";
import type { SettingsService } from "../settings/service.ts";
import type { Accounts } from "../users/accounts.ts";
import { addressesRoutes } from "./addresses/routes.ts";
import { createAddressesService } from "./addresses/service.ts";
import { cartRoutes } from "./cart/routes.ts";
import { createCartService } from "./cart/service.ts";
import { paymentsRoutes } from "./checkout/routes.ts";
import { createPaymentsService } from "./checkout/service.ts";
import { createCoupons } from "./coupons/coupons.ts";
import { createDashboard } from "./dashboard/dashboard.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import { createEarnings } from "./earnings/earnings.ts";
import { createCcbillGateway } from "./gateways/ccbill.ts";
import type { PaymentGateway } from "./gateways/gateway.ts";
import { createSandboxGateway } from "./gateways/sandbox.ts";
import { paymentsAdminRoutes } from "./ledger/admin-routes.ts";
import { createLedgerInspection } from "./ledger/inspect.ts";
import type { Notify } from "./ledger/ledger.ts";
import { offersRoutes } from "./offers/routes.ts";
import { createOffers } from "./offers/service.ts";
import { createLibrary } from "./orders/library.ts";
import { ordersRoutes } from "./orders/routes.ts";
import { createOrdersService } from "./orders/service.ts";
import { createPayoutDetails } from "./payouts/payout-details.ts";
import { payoutDetailsRoutes } from "./payouts/payout-details-routes.ts";
import { createPayoutRequests } from "./payouts/payout-requests.ts";
import { payoutRequestsRoutes } from "./payouts/payout-requests-routes.ts";
import { createPayouts } from "./payouts/payouts.ts";
import { createStatements } from "./payouts/statements.ts";
import { createSubscriptionActions } from "./subscriptions/actions.ts";
import { subscriptionsRoutes } from "./subscriptions/routes.ts";
import { createSubscriptionsService } from "./subscriptions/service.ts";
import { taxesRoutes } from "./taxes/routes.ts";
import { createTaxes } from "./taxes/service.ts";
import { tipsRoutes } from "./tips/routes.ts";
import { createTips } from "./tips/service.ts";

/**
 * The configured gateway other than the sandbox (null: the sandbox). Stripe's SDK is loaded only when Stripe is the
 * gateway: it is a large module, and a site on the sandbox or CCBill need not pay its start-up time.
 */
export async function externalGatewayOf(config: Config): Promise<PaymentGateway | null> {
  if (config.stripe) return (await import("./gateways/stripe.ts")).createStripeGateway(config.stripe);
  if (config.ccbill) return createCcbillGateway(config.ccbill);
  return null;
}

/** What commerce is built from: the database, the site's settings and the ports of the modules it sells for. */
export interface CommerceDeps {
  db: Db;
  config: Config;
  /** The gateway other than the sandbox, when one is configured (`externalGatewayOf`). */
  external: PaymentGateway | null;
  settings: SettingsService;
  accounts: Accounts;
  throttle: Throttle;
  notify: Notify;
  /** Sends to the watchers of an object's page (a tip goal's progress on its performer's profile). */
  toObject: RealtimeSender;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** What each kind of item sells for, read from its own module. */
  offers: Record<Offer["kind"], (viewer: Actor, idOrSlug: string) => Promise<Offer>>;
  /** The store's physical stock and what a cart needs of its products. */
  stock: Stock;
  sellable: SellableLookup;
  performers: Pick<PerformersService, "setCommission">;
  /** Payouts wait for the performer's verification and two-factor sign-in (issue 22). */
  verification: { isVerified(userId: string): Promise<boolean> };
  twoFactorAmong: (userIds: string[]) => Promise<Set<string>>;
  /** The key that seals payout details at rest. */
  atRestKey: string;
  /** A member's subscription to a performer started (paid), told after its commit: the welcome message (issue 25). */
  subscribed?: (userId: string, performerId: string) => void;
  /** The country of a request's address: the tax's second piece of evidence beside the billing country. */
  geoip: GeoIp;
}

/** Every commerce service, built in order (DESIGN section 6): the gateway, checkout and ledger, then what reads them. */
export function buildCommerce(deps: CommerceDeps) {
  const { db, config, notify } = deps;
  // The gateway comes from the configuration (DESIGN section 6). The sandbox's callbacks are signed with a key of its
  // own derived from the media secret, so nothing else can forge them; it is made in any case (its signer is cheap)
  // but is the gateway, with its page and webhook route, only when PAYMENT_GATEWAY is `sandbox`.
  const sandbox = createSandboxGateway({
    secret: createHmac("sha256", mediaSecretOf(config)).update("marquee:sandbox-gateway").digest("base64url"),
    publicUrl: config.publicUrl,
  });
  const gateway: PaymentGateway = deps.external ?? sandbox.gateway;
  const sandboxActive = gateway === sandbox.gateway;
  const coupons = createCoupons({ db, throttle: deps.throttle });
  const addresses = createAddressesService({ db });
  // Taxes (issue 24 section 5): the tax step of checkouts and the tax ledger's rows.
  const taxes = createTaxes({ db, geoip: deps.geoip, settings: deps.settings, publicUrl: config.publicUrl });
  // Tips (issue 24 section 2): checked out through payments' one-item checkout; the ledger calls their hooks.
  const tips = createTips({
    db,
    settings: deps.settings,
    notify,
    toObject: deps.toObject,
    checkout: (buyer, sale) => payments.single(buyer, sale),
  });
  // Promotions (issue 24 section 3): offers a subscription checkout sells under, and tracking links.
  const offers = createOffers({
    db,
    settings: deps.settings,
    throttle: deps.throttle,
    subscribing: () => payments.subscribing,
  });
  const payments = createPaymentsService({
    promotions: offers.port,
    db,
    coupons,
    gateway,
    ...(sandboxActive ? { sandbox } : {}),
    publicUrl: config.publicUrl,
    settings: deps.settings,
    offers: deps.offers,
    stock: deps.stock,
    addresses,
    accounts: deps.accounts,
    notify,
    tips: tips.ledger,
    ...(deps.subscribed ? { subscribed: deps.subscribed } : {}),
    log: deps.log,
    taxes,
  });
  const payoutDetails = createPayoutDetails(db, createSecretBox(deps.atRestKey, "payout-details"), deps.settings);
  const payouts = createPayouts({
    db,
    accounts: deps.accounts,
    settings: deps.settings,
    performers: deps.performers,
    notify,
    payoutDetails,
    twoFactorAmong: deps.twoFactorAmong,
    verification: deps.verification,
  });
  return {
    payments,
    tips,
    taxes,
    offers,
    // Payout requests and monthly statements (issue 24 section 4).
    payoutRequests: createPayoutRequests({
      db,
      accounts: deps.accounts,
      settings: deps.settings,
      payoutDetails,
      verification: deps.verification,
      twoFactorAmong: deps.twoFactorAmong,
      notify,
    }),
    statements: createStatements({ db, settings: deps.settings }),
    coupons,
    addresses,
    payouts,
    payoutDetails,
    inspection: createLedgerInspection({ db, accounts: deps.accounts, payouts }),
    orders: createOrdersService({ db, accounts: deps.accounts, notify }),
    library: createLibrary({ db }),
    subscriptions: createSubscriptionsService({ db, accounts: deps.accounts }),
    // A subscription's cancel, the sandbox's simulations, an admin's grant and revoke: through the ledger's applyEvent.
    subscriptionActions: createSubscriptionActions({
      db,
      gateway,
      applyEvent: payments.applyEvent,
      subscribing: payments.subscribing,
      ...(sandboxActive ? { sandbox } : {}),
      settings: deps.settings,
      accounts: deps.accounts,
      notify,
    }),
    cart: createCartService({ db, sellable: deps.sellable }),
    earnings: createEarnings(db, deps.settings),
    // The admin's dashboard, read from the ledger (issue 24 section 6).
    dashboard: createDashboard({ db, settings: deps.settings, accounts: deps.accounts }),
    /** The sandbox's signer; the gateway only when `gateway` is it (`sandboxActive`). */
    sandbox,
    gateway,
    sandboxActive,
  };
}
export type Commerce = ReturnType<typeof buildCommerce>;

/** Commerce's routes: checkout and the gateway's webhook, orders, cart, addresses, subscriptions, earnings, payouts, tips, the dashboard. */
export const commerceRoutes: FastifyPluginAsync<{ commerce: Commerce }> = async (app, { commerce }) => {
  await app.register(paymentsRoutes, {
    payments: commerce.payments,
    earnings: commerce.earnings,
    coupons: commerce.coupons,
    gateway: commerce.gateway.name,
    ...(commerce.sandboxActive ? { sandbox: commerce.sandbox } : {}),
  });
  await app.register(ordersRoutes, { orders: commerce.orders, library: commerce.library });
  await app.register(cartRoutes, { cart: commerce.cart });
  await app.register(addressesRoutes, { addresses: commerce.addresses });
  await app.register(subscriptionsRoutes, {
    subscriptions: commerce.subscriptions,
    actions: commerce.subscriptionActions,
    payments: commerce.payments,
  });
  await app.register(paymentsAdminRoutes, { payouts: commerce.payouts, inspection: commerce.inspection });
  await app.register(payoutDetailsRoutes, { payoutDetails: commerce.payoutDetails });
  await app.register(payoutRequestsRoutes, { requests: commerce.payoutRequests, statements: commerce.statements });
  await app.register(tipsRoutes, { tips: commerce.tips });
  await app.register(taxesRoutes, {
    taxes: commerce.taxes,
    taxablePrice: commerce.payments.taxablePrice,
    taxableStore: commerce.payments.taxableStore,
  });
  await app.register(offersRoutes, { offers: commerce.offers });
  await app.register(dashboardRoutes, { dashboard: commerce.dashboard });
};

/** Commerce's background work: reconciling payments left pending, lapsing subscriptions. */
export const registerCommerceJobs = (commerce: Commerce, jobs: Jobs) => commerce.payments.registerJobs(jobs);
