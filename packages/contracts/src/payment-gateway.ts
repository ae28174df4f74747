/**
 * The payment gateway's settings (DESIGN section 6): which gateway, and each of its account's keys. Each may come
 * from an environment variable or from the admin setting of the same meaning (Admin → Settings → Payment); a
 * variable set in the environment wins. The rules here are the only ones: the API's start (apps/api/src/config.ts),
 * the admin setting's validation (settings.ts) and the admin screen all use them.
 */

export const gatewayNames = ["sandbox", "stripe", "ccbill"] as const;
export type GatewayName = (typeof gatewayNames)[number];

/** Where the admin screen has these settings, as the start's error lines name it. */
export const GATEWAY_SETTINGS_PLACE = "Admin → Settings → Payment";

/** An IPv4 address in dotted decimal, each part 0-255 without leading zeros. */
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** 4 or 6 for an IP address, else 0. Works in a browser too (the WHATWG URL parser checks IPv6). */
export function ipFamily(s: string): 0 | 4 | 6 {
  if (IPV4.test(s)) return 4;
  if (!s.includes(":") || !/^[0-9A-Fa-f:.]+$/.test(s)) return 0;
  try {
    new URL(`http://[${s}]/`);
    return 6;
  } catch {
    return 0;
  }
}

/** An IPv4 or IPv6 address, or a CIDR range of one. */
export function isAddressRange(s: string): boolean {
  const [address, bits, ...rest] = s.split("/");
  const family = ipFamily(address ?? "");
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** A comma list as the environment gives it: trimmed parts, empty ones dropped. */
export const commaList = (s: string) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

export interface GatewayField {
  /** The environment variable that sets it, and wins over the admin setting. */
  env: string;
  /** The gateway it belongs to; null for the gateway's name. */
  gateway: Exclude<GatewayName, "sandbox"> | null;
  /** Never sent back to the admin screen, never repeated in a message. */
  secret: boolean;
  /** Whether its gateway cannot run without it. */
  required: boolean;
  /** Whether a (trimmed, non-empty) value is well formed. */
  valid: (value: string) => boolean;
  /** What is expected, as the error line and the admin screen tell it. */
  expected: string;
  /** A short label for the admin screen. */
  label: string;
}

const matches = (re: RegExp) => (value: string) => re.test(value);
/** For values CCBill hands out as they are (a salt, a password): any non-empty value is taken. */
const anyValue = (value: string) => value.length > 0;

/** Every gateway setting, by its admin setting's key, in the admin screen's order. */
export const gatewayFields = {
  paymentGateway: {
    env: "PAYMENT_GATEWAY",
    gateway: null,
    secret: false,
    required: false,
    valid: (value: string) => (gatewayNames as readonly string[]).includes(value),
    expected: "sandbox, stripe or ccbill",
    label: "Payment gateway",
  },
  stripeSecretKey: {
    env: "STRIPE_SECRET_KEY",
    gateway: "stripe",
    secret: true,
    required: true,
    valid: matches(/^(sk|rk)_(test|live)_\S+$/),
    expected: "the secret API key, sk_live_… (or sk_test_…)",
    label: "Stripe secret key",
  },
  stripeWebhookSecret: {
    env: "STRIPE_WEBHOOK_SECRET",
    gateway: "stripe",
    secret: true,
    required: true,
    valid: matches(/^whsec_\S+$/),
    expected: "the webhook endpoint's signing secret, whsec_…",
    label: "Stripe webhook signing secret",
  },
  ccbillAccount: {
    env: "CCBILL_ACCOUNT",
    gateway: "ccbill",
    secret: false,
    required: true,
    valid: matches(/^\d{6}$/),
    expected: "the 6-digit main account number, e.g. 900100",
    label: "CCBill account",
  },
  ccbillSubaccount: {
    env: "CCBILL_SUBACCOUNT",
    gateway: "ccbill",
    secret: false,
    required: true,
    valid: matches(/^\d{4}$/),
    expected: "the 4-digit subaccount number, e.g. 0000",
    label: "CCBill subaccount",
  },
  ccbillFlexformId: {
    env: "CCBILL_FLEXFORM_ID",
    gateway: "ccbill",
    secret: false,
    required: true,
    valid: matches(/^[A-Za-z0-9-]{1,100}$/),
    expected: "the FlexForm's Flex ID from the CCBill admin",
    label: "CCBill FlexForm ID",
  },
  ccbillSalt: {
    env: "CCBILL_SALT",
    gateway: "ccbill",
    secret: true,
    required: true,
    valid: anyValue,
    expected: "the encryption key (salt) that signs dynamic prices, from the CCBill admin",
    label: "CCBill salt (encryption key)",
  },
  ccbillWebhookSecret: {
    env: "CCBILL_WEBHOOK_SECRET",
    gateway: "ccbill",
    secret: true,
    required: true,
    valid: matches(/^[A-Za-z0-9_-]{24,200}$/),
    expected:
      "a random string of at least 24 letters, digits, - or _ (it goes in the webhook URL), e.g. from openssl rand -hex 24",
    label: "CCBill webhook URL secret",
  },
  ccbillWebhookIps: {
    env: "CCBILL_WEBHOOK_IPS",
    gateway: "ccbill",
    secret: false,
    required: false,
    valid: (value: string) => {
      const ranges = commaList(value);
      return ranges.length > 0 && ranges.every(isAddressRange);
    },
    expected: "a comma list of addresses or CIDR ranges, e.g. 64.38.212.0/24",
    label: "CCBill webhook source ranges",
  },
  ccbillDatalinkUsername: {
    env: "CCBILL_DATALINK_USERNAME",
    gateway: "ccbill",
    secret: false,
    required: false,
    valid: anyValue,
    expected: "the DataLink username from the CCBill admin",
    label: "CCBill DataLink username",
  },
  ccbillDatalinkPassword: {
    env: "CCBILL_DATALINK_PASSWORD",
    gateway: "ccbill",
    secret: true,
    required: false,
    valid: anyValue,
    expected: "the DataLink password from the CCBill admin",
    label: "CCBill DataLink password",
  },
} as const satisfies Record<string, GatewayField>;

export type GatewayKey = keyof typeof gatewayFields;
export const gatewayKeys = Object.keys(gatewayFields) as GatewayKey[];
export const isGatewayKey = (key: string): key is GatewayKey => Object.hasOwn(gatewayFields, key);
