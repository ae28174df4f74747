import { z } from "zod";
import { ageGateModes } from "./age-gate.ts";
import { type GatewayKey, gatewayFields } from "./payment-gateway.ts";
import { storedLink } from "./stored-link.ts";

export const menuItem = z.object({
  title: z.string().min(1).max(60),
  path: storedLink({ max: 300 }),
  section: z.enum(["header", "footer"]),
  isOpenNewTab: z.boolean().default(false),
  ordering: z.number().int().default(0),
});
export type MenuItem = z.infer<typeof menuItem>;

/**
 * A payment gateway setting (payment-gateway.ts): private, a secret for the keys that are, empty by default (the
 * environment, or nothing), an empty string clears it. The API reads these at start only.
 */
function gatewaySetting<K extends GatewayKey>(key: K) {
  const field = gatewayFields[key];
  return {
    group: "payment",
    public: false,
    secret: field.secret,
    appliesAtStart: true,
    schema: z
      .string()
      .trim()
      .max(500)
      .refine((value) => value === "" || field.valid(value), { message: `Expected ${field.expected}` }),
    default: "",
  } as const;
}

/** When performers' items are reviewed before they go out: never, their first N items, or every item. */
export const reviewModes = ["none", "first", "all"] as const;
export type ReviewMode = (typeof reviewModes)[number];

/**
 * Every setting the site knows, with its schema, group, default and whether visitors may read it.
 * The database stores values; this table is the single source of what a valid value is.
 */
export const settingDefinitions = {
  siteName: { group: "general", public: true, schema: z.string().min(1).max(80), default: "Marquee" },
  // Images: empty means the web's default picture.
  logo: { group: "general", public: true, schema: storedLink({ allowEmpty: true }), default: "/logo.svg" },
  favicon: { group: "general", public: true, schema: storedLink({ allowEmpty: true }), default: "/favicon.svg" },
  loginPlaceholderImage: {
    group: "general",
    public: true,
    schema: storedLink({ allowEmpty: true }),
    default: "/login-placeholder.webp",
  },
  footerContent: {
    group: "general",
    public: true,
    schema: z.string().max(5000),
    default: "© Marquee.",
  },
  menus: {
    group: "general",
    public: true,
    schema: z.array(menuItem).max(50),
    // The header's own sections are fixed (the web's PRIMARY_NAV) and this adds to them; the footer's links are
    // all here, so an admin can edit, reorder or remove each of them.
    default: [
      { title: "Membership", path: "/membership", section: "footer", isOpenNewTab: false, ordering: 0 },
      { title: "Posts", path: "/posts", section: "footer", isOpenNewTab: false, ordering: 1 },
      { title: "Contact", path: "/contact", section: "footer", isOpenNewTab: false, ordering: 2 },
    ] as MenuItem[],
  },
  maintenanceMode: { group: "general", public: true, schema: z.boolean(), default: false },
  currency: { group: "payment", public: true, schema: z.string().regex(/^[A-Z]{3}$/), default: "USD" },
  currencySymbol: { group: "payment", public: true, schema: z.string().min(1).max(5), default: "$" },
  bannerAutoplaySpeed: {
    group: "general",
    public: true,
    schema: z.number().int().min(1000).max(60000),
    default: 5000,
  },
  paymentGateway: gatewaySetting("paymentGateway"),
  stripeSecretKey: gatewaySetting("stripeSecretKey"),
  stripeWebhookSecret: gatewaySetting("stripeWebhookSecret"),
  ccbillAccount: gatewaySetting("ccbillAccount"),
  ccbillSubaccount: gatewaySetting("ccbillSubaccount"),
  ccbillFlexformId: gatewaySetting("ccbillFlexformId"),
  ccbillSalt: gatewaySetting("ccbillSalt"),
  ccbillWebhookSecret: gatewaySetting("ccbillWebhookSecret"),
  ccbillWebhookIps: gatewaySetting("ccbillWebhookIps"),
  ccbillDatalinkUsername: gatewaySetting("ccbillDatalinkUsername"),
  ccbillDatalinkPassword: gatewaySetting("ccbillDatalinkPassword"),
  requireEmailVerification: { group: "auth", public: true, schema: z.boolean(), default: true },
  reCaptchaSiteKey: { group: "auth", public: true, schema: z.string().max(200), default: "" },
  contactEmail: { group: "email", public: false, schema: z.email(), default: "admin@marquee.local" },
  ageGate: { group: "compliance", public: true, schema: z.enum(ageGateModes), default: "click-through" },
  ageGateCountries: {
    group: "compliance",
    public: true,
    schema: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, "Use ISO 3166-1 alpha-2 codes such as GB"),
      )
      .max(250),
    default: [] as string[],
  },
  /** How long a store checkout holds the physical stock it sells while its payment is pending. */
  checkoutHoldMinutes: { group: "payment", public: false, schema: z.number().int().min(1).max(240), default: 15 },
  /** The most physical units one buyer's pending store checkout may hold (a new checkout replaces the last). */
  checkoutHoldMaxUnits: { group: "payment", public: false, schema: z.number().int().min(1).max(1000), default: 10 },
  /**
   * Taxes (issue 24 section 5): whether the catalogue's and checkout's prices include the tax (the listed price is
   * the gross, the net derived from it) or exclude it (the tax is added on top at checkout).
   */
  taxPricesIncludeTax: { group: "payment", public: false, schema: z.boolean(), default: false },
  performerCommission: {
    group: "commission",
    public: false,
    schema: z.number().min(0).max(1),
    default: 0.2,
  },
  /**
   * Tips (issue 24 section 2): the share of each tip the site keeps, site-wide (a performer's own commission rate is
   * for sales and does not apply to tips), and the smallest and largest tip a member may give, in major units.
   */
  tipCommission: { group: "commission", public: false, schema: z.number().min(0).max(1), default: 0.2 },
  tipMinimum: { group: "commission", public: true, schema: z.number().min(0.5).max(10_000), default: 1 },
  tipMaximum: { group: "commission", public: true, schema: z.number().min(1).max(100_000), default: 500 },
  /** The least balance (major units of `currency`) a performer may ask to be paid (issue 24 section 4). */
  payoutMinimum: { group: "commission", public: false, schema: z.number().min(0).max(100000), default: 50 },
  /** Days a new or changed payout method waits before a payout request may use it. */
  payoutMethodHoldDays: { group: "commission", public: false, schema: z.number().int().min(0).max(90), default: 3 },
  // Review before publication (issue 22 section 2): what a performer publishes waits for an admin's approval:
  // never, for each performer's first `reviewFirstItems` approved items, or always (a new site's default).
  reviewMode: { group: "review", public: false, schema: z.enum(reviewModes), default: "all" as ReviewMode },
  reviewFirstItems: { group: "review", public: false, schema: z.number().int().min(1).max(1000), default: 3 },
  /** How many months a performer's verification stays valid once approved (0: it does not expire). */
  verificationValidMonths: {
    group: "compliance",
    public: false,
    schema: z.number().int().min(0).max(120),
    default: 12,
  },
} as const;

export type SettingKey = keyof typeof settingDefinitions;
export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingDefinitions)[K]["schema"]>;
/** A secret: its value is stored but never sent back, not even to an admin. */
/**
 * Settings that bound each other: the first of each pair may not be above the second. A change that would break the
 * order is refused (422 naming the value), so checkouts never meet a range with nothing in it.
 */
export const orderedSettings: readonly (readonly [SettingKey, SettingKey])[] = [["tipMinimum", "tipMaximum"]];

export const isSecretSetting = (key: SettingKey): boolean => {
  const def = settingDefinitions[key];
  return "secret" in def && def.secret;
};
/** Read once, when the API starts: a change takes effect at the next start. */
export const appliesAtStart = (key: SettingKey): boolean => "appliesAtStart" in settingDefinitions[key];
export const settingGroups = ["general", "compliance", "payment", "auth", "email", "commission", "review"] as const;

export const publicSettingsQuery = z.strictObject({ group: z.enum(settingGroups).optional() });
export const settingKeysBody = z.strictObject({ keys: z.array(z.string().max(60)).min(1).max(50) });
export const settingsMap = z.record(z.string(), z.unknown());

export const adminSetting = z.object({
  key: z.string(),
  /** null for a secret: its value never leaves the server. */
  value: z.unknown(),
  group: z.string(),
  public: z.boolean(),
  updatedAt: z.string().nullable(),
  /** Whether a value is stored (for a secret, all the screen learns about it). */
  isSet: z.boolean(),
  secret: z.boolean(),
  /** The environment variable that fixes this setting (it wins over the stored value), when it is set. */
  env: z.string().nullable(),
  /** "start": read when the API starts, so a change takes effect when it restarts; "now": at once. */
  applies: z.enum(["now", "start"]),
});
export const updateSettingBody = z.strictObject({ value: z.unknown() });

/** The settings that hold a picture an admin may upload (POST /admin/settings/{key}/upload) instead of a URL. */
export const imageSettingKeys = ["logo", "favicon", "loginPlaceholderImage"] as const;
export type ImageSettingKey = (typeof imageSettingKeys)[number];
export const imageSettingParams = z.strictObject({ key: z.enum(imageSettingKeys) });

/** GET /admin/settings/payment: the gateway running now, and what the next start would do with the stored settings. */
export const paymentStatus = z.object({
  running: z.string(),
  nextStart: z.object({
    /** null: the next start would stop, with `problem` as its one line. */
    gateway: z.string().nullable(),
    problem: z.string().nullable(),
  }),
});
export type PaymentStatus = z.infer<typeof paymentStatus>;
