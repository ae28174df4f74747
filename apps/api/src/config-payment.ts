// The payment gateway's settings: from the environment, else the admin's stored settings (config.ts resolves them).
import {
  commaList,
  GATEWAY_SETTINGS_PLACE,
  type GatewayKey,
  type GatewayName,
  gatewayFields,
  gatewayKeys,
} from "@marquee/contracts/payment-gateway";
import { ConfigError } from "./config-errors.ts";
import type { CcbillSettings } from "./modules/commerce/gateways/ccbill.ts";
import { StartupError } from "./platform/startup-errors.ts";

/**
 * The address ranges CCBill posts its webhooks from, as its Webhooks User Guide lists them (64.38.212.1-254,
 * 64.38.215.1-254, 64.38.240.1-254, 64.38.241.1-254): the default of CCBILL_WEBHOOK_IPS.
 */
export const CCBILL_WEBHOOK_RANGES = ["64.38.212.0/24", "64.38.215.0/24", "64.38.240.0/24", "64.38.241.0/24"];

/** CCBill's DataLink subscription management script (cancelling a subscription). */
export const CCBILL_DATALINK_URL = "https://datalink.ccbill.com/utils/subscriptionManagement.cgi";

type Env = Record<string, string | undefined>;

/** The payment settings an admin stored (Admin → Settings → Payment), by key; absent or "" is unset. */
export type StoredPaymentSettings = Partial<Record<GatewayKey, unknown>>;

/** One value of the gateway: from the environment (which wins), from the admin setting, or unset. */
type Sourced = { key: GatewayKey; from: "env" | "setting" | null; value: string };

const settingLabel = (key: GatewayKey) => `the admin setting ${key} (${GATEWAY_SETTINGS_PLACE})`;

/**
 * Where each gateway value comes from, told in one line when one is missing or malformed: the variable, or the admin
 * setting it was read from, e.g. `the admin setting stripeSecretKey (Admin → Settings → Payment) is set (expected …)`.
 * A stored value can only be fixed in the admin screen of a running API, so its remedy says how to get there.
 */
export class GatewayConfigError extends StartupError {
  constructor(problems: { at: Sourced; message: string }[]) {
    const told = problems.map(({ at, message }) => {
      const field = gatewayFields[at.key];
      const value = !at.value ? "not set" : field.secret ? "set" : JSON.stringify(at.value.slice(0, 80));
      const where =
        at.from === "setting" ? settingLabel(at.key) : at.from === "env" ? field.env : `${field.env} is not set, nor`;
      return at.from === null ? `${where} ${settingLabel(at.key)} (${message})` : `${where} is ${value} (${message})`;
    });
    const many = problems.length > 1;
    const fromEnvOnly = problems.every((p) => p.at.from === "env");
    const remedy = fromEnvOnly
      ? `Fix ${many ? "them" : "it"} in the environment.`
      : `Set ${problems.map((p) => gatewayFields[p.at.key].env).join(" and ")} in the environment (${many ? "they win" : "it wins"} over the admin setting${many ? "s" : ""}), or start with PAYMENT_GATEWAY=sandbox and fix ${many ? "them" : "it"} in ${GATEWAY_SETTINGS_PLACE}.`;
    super(`${told.join("; ")}. ${remedy}`);
  }
}

/** The gateway's variables set in the environment (STRIPE_API_BASE and CCBILL_DATALINK_URL are environment only). */
export function gatewayEnvOf(env: Env) {
  const out: Record<string, string> = {};
  for (const name of [...gatewayKeys.map((k) => gatewayFields[k].env), "STRIPE_API_BASE", "CCBILL_DATALINK_URL"]) {
    const value = env[name]?.trim();
    if (value) out[name] = value;
  }
  return out;
}

/** An `http(s)://host[:port]` origin as the Stripe SDK takes it (host, port, protocol), for a stand-in of its API. */
function stripeApiBaseOf(raw: string | undefined, env: Env) {
  if (!raw?.trim()) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(env, [
      { name: "STRIPE_API_BASE", message: "expected an origin such as http://127.0.0.1:12111" },
    ]);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.pathname !== "/" || url.search || url.username) {
    throw new ConfigError(env, [
      { name: "STRIPE_API_BASE", message: "expected an origin such as http://127.0.0.1:12111" },
    ]);
  }
  const protocol = url.protocol === "http:" ? ("http" as const) : ("https" as const);
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

export interface PaymentConfig {
  /** The payment gateway (DESIGN section 6) and, for Stripe or CCBill, its account's settings. */
  paymentGateway: GatewayName;
  stripe: {
    secretKey: string;
    webhookSecret: string;
    apiBase: { host: string; port: number; protocol: "http" | "https" } | null;
  } | null;
  ccbill: CcbillSettings | null;
}

/**
 * The payment gateway and its settings, each from the environment or else the admin setting (Admin → Settings →
 * Payment). The sandbox is the default for development and the demo; in production it would let every member
 * approve their own payments, so production must name the gateway: `sandbox` only for a staging site that sells
 * nothing for real. Stripe and CCBill need their accounts' keys. A missing or malformed value throws one line naming
 * where it came from.
 */
export function resolvePayment(
  base: { env: string; gatewayEnv: Record<string, string> },
  stored: StoredPaymentSettings = {},
): PaymentConfig {
  const env = base.gatewayEnv;
  const source = (key: GatewayKey): Sourced => {
    const fromEnv = env[gatewayFields[key].env];
    if (fromEnv) return { key, from: "env", value: fromEnv };
    const raw = stored[key];
    const fromSetting = typeof raw === "string" ? raw.trim() : raw == null ? "" : JSON.stringify(raw);
    return fromSetting ? { key, from: "setting", value: fromSetting } : { key, from: null, value: "" };
  };

  const gateway = source("paymentGateway");
  if (gateway.from === null) {
    if (base.env === "production") {
      throw new ConfigError(env, [
        {
          name: "PAYMENT_GATEWAY",
          message: `required when NODE_ENV=production: the sandbox lets members approve their own payments, so name it (PAYMENT_GATEWAY=sandbox) only on a site that sells nothing for real; or set it in ${GATEWAY_SETTINGS_PLACE} from a start with PAYMENT_GATEWAY=sandbox`,
        },
      ]);
    }
    return { paymentGateway: "sandbox", stripe: null, ccbill: null };
  }
  if (!gatewayFields.paymentGateway.valid(gateway.value)) {
    throw new GatewayConfigError([{ at: gateway, message: `expected ${gatewayFields.paymentGateway.expected}` }]);
  }
  const name = gateway.value as GatewayName;
  if (name === "sandbox") return { paymentGateway: "sandbox", stripe: null, ccbill: null };

  const chosen = gateway.from === "env" ? `PAYMENT_GATEWAY=${name}` : `the admin setting paymentGateway is ${name}`;
  const values = Object.fromEntries(
    gatewayKeys.filter((k) => gatewayFields[k].gateway === name).map((k) => [k, source(k)]),
  ) as Partial<Record<GatewayKey, Sourced>>;
  const problems: { at: Sourced; message: string }[] = [];
  for (const at of Object.values(values)) {
    const field = gatewayFields[at.key];
    if (!at.value) {
      if (field.required) problems.push({ at, message: `required when ${chosen}: ${field.expected}` });
    } else if (!field.valid(at.value)) problems.push({ at, message: `expected ${field.expected}` });
  }
  if (problems.length) {
    // Only the environment involved (the gateway named there, nothing stored): the environment's own line.
    if (gateway.from === "env" && problems.every((p) => p.at.from !== "setting")) {
      throw new ConfigError(
        env,
        problems.map((p) => ({ name: gatewayFields[p.at.key].env, message: p.message })),
        { required: true },
      );
    }
    throw new GatewayConfigError(problems);
  }
  const value = (key: GatewayKey) => values[key]?.value ?? "";

  if (name === "stripe") {
    return {
      paymentGateway: "stripe",
      stripe: {
        secretKey: value("stripeSecretKey"),
        webhookSecret: value("stripeWebhookSecret"),
        apiBase: stripeApiBaseOf(env.STRIPE_API_BASE, env),
      },
      ccbill: null,
    };
  }

  const ips = value("ccbillWebhookIps") ? commaList(value("ccbillWebhookIps")) : CCBILL_WEBHOOK_RANGES;
  const username = values.ccbillDatalinkUsername as Sourced;
  const password = values.ccbillDatalinkPassword as Sourced;
  if (!!username.value !== !!password.value) {
    const missing = username.value ? password : username;
    const message = "the DataLink username and password go together: set both, or neither";
    if (username.from !== "setting" && password.from !== "setting") {
      throw new ConfigError(env, [{ name: gatewayFields[missing.key].env, message }], { required: true });
    }
    throw new GatewayConfigError([{ at: missing, message }]);
  }
  const datalinkUrl = env.CCBILL_DATALINK_URL || CCBILL_DATALINK_URL;
  if (!/^https?:\/\/[^\s]+$/.test(datalinkUrl)) {
    throw new ConfigError(env, [{ name: "CCBILL_DATALINK_URL", message: "expected an http(s) URL" }]);
  }
  return {
    paymentGateway: "ccbill",
    stripe: null,
    ccbill: {
      account: value("ccbillAccount"),
      subaccount: value("ccbillSubaccount"),
      flexFormId: value("ccbillFlexformId"),
      salt: value("ccbillSalt"),
      webhookSecret: value("ccbillWebhookSecret"),
      webhookIps: ips,
      datalink:
        username.value && password.value
          ? { url: datalinkUrl, username: username.value, password: password.value }
          : null,
    },
  };
}
