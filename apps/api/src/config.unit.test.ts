import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, mediaSecretOf } from "./config.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "marquee-config-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("media settings", () => {
  it("has the documented defaults", () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.mediaUrlTtlSec).toBe(21_600);
    expect(c.uploadVideoMaxBytes).toBe(2048 * 1024 * 1024);
    expect(c.mediaSecret).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, UPLOAD_VIDEO_MAX_MB: "1.5" }).uploadVideoMaxBytes).toBe(1_572_864);
  });

  it("makes a signing secret once, keeps it in DATA_DIR/media-secret with mode 0600, and reuses it", async () => {
    const nested = path.join(dir, "fresh", "data");
    const first = mediaSecretOf(loadConfig({ DATA_DIR: nested }));
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(nested, "media-secret");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, "utf8")).trim()).toBe(first);
    expect(mediaSecretOf(loadConfig({ DATA_DIR: nested }))).toBe(first);
    // Another data directory gets another secret.
    expect(mediaSecretOf(loadConfig({ DATA_DIR: dir }))).not.toBe(first);
  });

  it("prefers MEDIA_SECRET and writes nothing then", async () => {
    const secret = "a-shared-secret-for-every-node";
    expect(mediaSecretOf(loadConfig({ DATA_DIR: dir, MEDIA_SECRET: secret }))).toBe(secret);
    await expect(stat(path.join(dir, "media-secret"))).rejects.toThrow();
  });

  it("replaces a damaged secret file", async () => {
    await writeFile(path.join(dir, "media-secret"), "short\n");
    const secret = mediaSecretOf(loadConfig({ DATA_DIR: dir }));
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(path.join(dir, "media-secret"), "utf8")).trim()).toBe(secret);
  });

  it("refuses bad values", () => {
    expect(() => loadConfig({ MEDIA_SECRET: "too-short" })).toThrow(/MEDIA_SECRET/);
    expect(() => loadConfig({ MEDIA_URL_TTL_SEC: "5" })).toThrow(/MEDIA_URL_TTL_SEC/);
    expect(() => loadConfig({ UPLOAD_VIDEO_MAX_MB: "0" })).toThrow(/UPLOAD_VIDEO_MAX_MB/);
  });

  it("reads MEDIA_ACCEL_REDIRECT as an internal location's prefix, unset by default", () => {
    expect(loadConfig({ DATA_DIR: dir }).mediaAccelRedirect).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, MEDIA_ACCEL_REDIRECT: "" }).mediaAccelRedirect).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, MEDIA_ACCEL_REDIRECT: "/_media/" }).mediaAccelRedirect).toBe("/_media/");
    for (const bad of ["_media/", "/_media", "/a b/", "/../"]) {
      expect(() => loadConfig({ DATA_DIR: dir, MEDIA_ACCEL_REDIRECT: bad }), bad).toThrow(
        `MEDIA_ACCEL_REDIRECT is ${JSON.stringify(bad)} (expected a path that starts and ends with /, such as /_media/)`,
      );
    }
  });

  it("reads MEDIA_HANDOFF_CACHE_SEC: 5 seconds by default, 0 for never, at most 600", () => {
    expect(loadConfig({ DATA_DIR: dir }).mediaHandoffCacheSec).toBe(5);
    expect(loadConfig({ DATA_DIR: dir, MEDIA_HANDOFF_CACHE_SEC: "0" }).mediaHandoffCacheSec).toBe(0);
    for (const bad of ["-1", "601", "2.5", "soon"]) {
      expect(() => loadConfig({ DATA_DIR: dir, MEDIA_HANDOFF_CACHE_SEC: bad }), bad).toThrow(/MEDIA_HANDOFF_CACHE_SEC/);
    }
  });
});

describe("slow-client settings", () => {
  it("has the documented defaults: timeouts for 2 GB uploads, and loopback and the trusted proxies uncapped", () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.timeouts).toEqual({ headersMs: 20_000, requestMs: 4 * 3600_000, idleMs: 60_000, keepAliveMs: 72_000 });
    expect(c.connectionsPerAddress).toEqual({ max: 64, exempt: ["loopback"] });
    const behindProxy = loadConfig({ DATA_DIR: dir, TRUSTED_PROXIES: "10.0.0.5, loopback" });
    expect(behindProxy.connectionsPerAddress.exempt).toEqual(["loopback", "10.0.0.5"]);
    // Set but empty: no address is exempt.
    expect(loadConfig({ DATA_DIR: dir, API_CONNECTION_CAP_EXEMPT: "" }).connectionsPerAddress.exempt).toEqual([]);
  });

  it.each([
    [{ API_IDLE_TIMEOUT_MS: "0" }, "API_IDLE_TIMEOUT_MS"],
    [{ API_REQUEST_TIMEOUT_MS: "soon" }, "API_REQUEST_TIMEOUT_MS"],
    [{ API_HEADERS_TIMEOUT_MS: "30000", API_REQUEST_TIMEOUT_MS: "20000" }, "API_HEADERS_TIMEOUT_MS"],
    [{ API_MAX_CONNECTIONS_PER_ADDRESS: "-1" }, "API_MAX_CONNECTIONS_PER_ADDRESS"],
    [{ API_CONNECTION_CAP_EXEMPT: "10.0.0.0/99" }, "API_CONNECTION_CAP_EXEMPT"],
    [{ TRUSTED_PROXIES: "not-an-address" }, "TRUSTED_PROXIES"],
  ])("refuses %j naming %s", (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(name);
  });
});

describe("the public URL", () => {
  it("is the web server on this machine when unset outside production", () => {
    expect(loadConfig({ DATA_DIR: dir }).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ DATA_DIR: dir, WEB_PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
  });

  it("is PUBLIC_URL as an origin, without a trailing slash", () => {
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: "https://fans.example.com/" }).publicUrl).toBe(
      "https://fans.example.com",
    );
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: " http://192.168.1.20:3000 " }).publicUrl).toBe(
      "http://192.168.1.20:3000",
    );
  });

  it("stops a production start without it, in one line that says what to set", () => {
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: "production" })).toThrow(
      /^PUBLIC_URL is not set \(required when NODE_ENV=production: the address members open, e\.g\. PUBLIC_URL=https:\/\/fans\.example\.com; links in mails use it\)\. Set it in the environment\.$/,
    );
    expect(
      loadConfig({
        DATA_DIR: dir,
        NODE_ENV: "production",
        PUBLIC_URL: "https://fans.example.com",
        PAYMENT_GATEWAY: "sandbox",
      }).publicUrl,
    ).toBe("https://fans.example.com");
  });

  it.each([
    "fans.example.com",
    "ftp://fans.example.com",
    "https://fans.example.com/club",
    "https://fans.example.com/?a=1",
    "https://admin:secret@fans.example.com",
  ])("refuses %s", (value) => {
    expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: value })).toThrow(/PUBLIC_URL/);
  });
});

describe("PAYMENT_GATEWAY", () => {
  it("is the sandbox for development and the demo", () => {
    expect(loadConfig({ DATA_DIR: dir }).paymentGateway).toBe("sandbox");
  });

  it("must be named in production, where the sandbox would let members approve their own payments", () => {
    const production = { DATA_DIR: dir, NODE_ENV: "production", PUBLIC_URL: "https://fans.example.com" };
    expect(() => loadConfig(production)).toThrow(/^PAYMENT_GATEWAY is not set \(required when NODE_ENV=production/);
    expect(loadConfig({ ...production, PAYMENT_GATEWAY: "sandbox" }).paymentGateway).toBe("sandbox");
  });

  it("refuses a name it does not know", () => {
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_GATEWAY: "paypal" })).toThrow(/PAYMENT_GATEWAY/);
  });
});

describe("PAYMENT_GATEWAY=stripe", () => {
  const stripe = {
    PAYMENT_GATEWAY: "stripe",
    STRIPE_SECRET_KEY: "sk_test_123",
    STRIPE_WEBHOOK_SECRET: "whsec_abc",
  };

  it("takes the account's keys, and another API server for tests", () => {
    const config = loadConfig({ DATA_DIR: dir, ...stripe });
    expect(config.paymentGateway).toBe("stripe");
    expect(config.stripe).toEqual({ secretKey: "sk_test_123", webhookSecret: "whsec_abc", apiBase: null });
    expect(config.ccbill).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, ...stripe, STRIPE_API_BASE: "http://127.0.0.1:12111" }).stripe?.apiBase).toEqual(
      {
        host: "127.0.0.1",
        port: 12111,
        protocol: "http",
      },
    );
  });

  it("stops a start without a key in one line naming it, never repeating a secret", () => {
    expect(() => loadConfig({ DATA_DIR: dir, ...stripe, STRIPE_SECRET_KEY: "" })).toThrow(
      /^STRIPE_SECRET_KEY is not set \(required when PAYMENT_GATEWAY=stripe: the secret API key, sk_live_… \(or sk_test_…\)\)\. Set it in the environment\.$/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_GATEWAY: "stripe" })).toThrow(
      /^STRIPE_SECRET_KEY is not set \(.*\); STRIPE_WEBHOOK_SECRET is not set \(.*whsec_…\)\. Set them in the environment\.$/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, ...stripe, STRIPE_WEBHOOK_SECRET: "pk_live_oops" })).toThrow(
      /^STRIPE_WEBHOOK_SECRET is set \(expected the webhook endpoint's signing secret, whsec_…\)\. Fix it in the environment\.$/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, ...stripe, STRIPE_API_BASE: "localhost:12111" })).toThrow(
      /^STRIPE_API_BASE/,
    );
  });
});

describe("PAYMENT_GATEWAY=ccbill", () => {
  const ccbill = {
    PAYMENT_GATEWAY: "ccbill",
    CCBILL_ACCOUNT: "900100",
    CCBILL_SUBACCOUNT: "0000",
    CCBILL_FLEXFORM_ID: "687fa3e0-e60d-4466-88e2-181fa56dd6a9",
    CCBILL_SALT: "7d901dad245fd0ff6bc20d06",
    CCBILL_WEBHOOK_SECRET: "0123456789abcdef0123456789abcdef",
  };

  it("takes the account, the FlexForm, the salt and the webhook secret; CCBill's published ranges by default", () => {
    const config = loadConfig({ DATA_DIR: dir, ...ccbill });
    expect(config.paymentGateway).toBe("ccbill");
    expect(config.ccbill).toMatchObject({
      account: "900100",
      subaccount: "0000",
      webhookIps: ["64.38.212.0/24", "64.38.215.0/24", "64.38.240.0/24", "64.38.241.0/24"],
      datalink: null,
    });
    const custom = loadConfig({
      DATA_DIR: dir,
      ...ccbill,
      CCBILL_WEBHOOK_IPS: "10.0.0.0/8, 2001:db8::1",
      CCBILL_DATALINK_USERNAME: "api",
      CCBILL_DATALINK_PASSWORD: "secret",
    }).ccbill;
    expect(custom?.webhookIps).toEqual(["10.0.0.0/8", "2001:db8::1"]);
    expect(custom?.datalink).toMatchObject({ username: "api", password: "secret" });
  });

  it.each([
    ["CCBILL_ACCOUNT", "the 6-digit main account number"],
    ["CCBILL_SUBACCOUNT", "the 4-digit subaccount number"],
    ["CCBILL_FLEXFORM_ID", "the FlexForm's Flex ID"],
    ["CCBILL_SALT", "the encryption key \\(salt\\)"],
    ["CCBILL_WEBHOOK_SECRET", "a random string of at least 24"],
  ])("stops a start without %s in one line naming it", (name, what) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...ccbill, [name]: "" })).toThrow(
      new RegExp(
        `^${name} is not set \\(required when PAYMENT_GATEWAY=ccbill: ${what}[^\\n]*\\)\\. Set it in the environment\\.$`,
      ),
    );
  });

  it("refuses malformed values, naming them and never repeating a secret", () => {
    expect(() => loadConfig({ DATA_DIR: dir, ...ccbill, CCBILL_ACCOUNT: "9001" })).toThrow(
      /^CCBILL_ACCOUNT is "9001" \(expected the 6-digit main account number, e\.g\. 900100\)\. Fix it in the environment\.$/,
    );
    const short = () => loadConfig({ DATA_DIR: dir, ...ccbill, CCBILL_WEBHOOK_SECRET: "short" });
    expect(short).toThrow(/^CCBILL_WEBHOOK_SECRET is set \(expected a random string/);
    expect(short).not.toThrow(/short/);
    expect(() => loadConfig({ DATA_DIR: dir, ...ccbill, CCBILL_WEBHOOK_IPS: "64.38.212.0/33" })).toThrow(
      /^CCBILL_WEBHOOK_IPS is "64\.38\.212\.0\/33" \(expected a comma list/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, ...ccbill, CCBILL_DATALINK_USERNAME: "api" })).toThrow(
      /^CCBILL_DATALINK_PASSWORD is not set \(the DataLink username and password go together: set both, or neither\)/,
    );
  });
});

describe("a start with a bad setting", () => {
  it("stops with the setting and its remedy, without a stack trace", async () => {
    const main = path.join(path.dirname(fileURLToPath(import.meta.url)), "main.ts");
    const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: "production", DATA_DIR: dir };
    delete env.PUBLIC_URL;
    delete env.DEBUG;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, ["--import", "tsx", main], { env, timeout: 60_000 }, (err, _stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
      );
    });
    // One line (platform/startup-errors.ts), and the exit code of a start-up failure that will not mend itself.
    expect(result.code).toBe(78);
    expect(result.stderr.trim()).toBe(
      "Marquee cannot start: PUBLIC_URL is not set (required when NODE_ENV=production: the address members open, e.g. PUBLIC_URL=https://fans.example.com; links in mails use it). Set it in the environment.",
    );
    // It starts a process that compiles main.ts on the fly: seconds on a busy two-core machine, so the child's minute.
  }, 60_000);
});

describe("the gateway from the admin settings (Admin → Settings → Payment)", () => {
  const stripeStored = {
    paymentGateway: "stripe",
    stripeSecretKey: "sk_test_stored",
    stripeWebhookSecret: "whsec_stored",
  };
  const ccbillStored = {
    paymentGateway: "ccbill",
    ccbillAccount: "900100",
    ccbillSubaccount: "0000",
    ccbillFlexformId: "687fa3e0-e60d-4466-88e2-181fa56dd6a9",
    ccbillSalt: "7d901dad245fd0ff6bc20d06",
    ccbillWebhookSecret: "0123456789abcdef0123456789abcdef",
  };

  it("uses the stored settings when the environment sets none", () => {
    const config = loadConfig({ DATA_DIR: dir }, stripeStored);
    expect(config.paymentGateway).toBe("stripe");
    expect(config.stripe).toEqual({ secretKey: "sk_test_stored", webhookSecret: "whsec_stored", apiBase: null });
    const cc = loadConfig({ DATA_DIR: dir }, { ...ccbillStored, ccbillWebhookIps: "10.0.0.0/8, 2001:db8::1" });
    expect(cc.ccbill).toMatchObject({ account: "900100", webhookIps: ["10.0.0.0/8", "2001:db8::1"], datalink: null });
  });

  it("lets a variable set in the environment win over the stored setting, key by key", () => {
    const config = loadConfig({ DATA_DIR: dir, STRIPE_SECRET_KEY: "sk_live_fromenv" }, stripeStored);
    expect(config.stripe).toMatchObject({ secretKey: "sk_live_fromenv", webhookSecret: "whsec_stored" });
    // The environment's gateway wins too: the stored Stripe keys are then not even read.
    const sandbox = loadConfig({ DATA_DIR: dir, PAYMENT_GATEWAY: "sandbox" }, stripeStored);
    expect(sandbox).toMatchObject({ paymentGateway: "sandbox", stripe: null, ccbill: null });
    // The stored gateway, with keys from the environment.
    const mixed = loadConfig(
      { DATA_DIR: dir, STRIPE_SECRET_KEY: "sk_test_env", STRIPE_WEBHOOK_SECRET: "whsec_env" },
      { paymentGateway: "stripe" },
    );
    expect(mixed.stripe).toMatchObject({ secretKey: "sk_test_env", webhookSecret: "whsec_env" });
  });

  it("treats an empty stored value as unset", () => {
    expect(loadConfig({ DATA_DIR: dir }, { paymentGateway: "" }).paymentGateway).toBe("sandbox");
    const config = loadConfig({ DATA_DIR: dir }, { ...ccbillStored, ccbillWebhookIps: "" });
    expect(config.ccbill?.webhookIps).toEqual(["64.38.212.0/24", "64.38.215.0/24", "64.38.240.0/24", "64.38.241.0/24"]);
  });

  it("stops at a malformed stored value in one line naming the admin setting, never repeating a secret", () => {
    const bad = () => loadConfig({ DATA_DIR: dir }, { ...stripeStored, stripeSecretKey: "pk_live_oops" });
    expect(bad).toThrow(
      /^the admin setting stripeSecretKey \(Admin → Settings → Payment\) is set \(expected the secret API key, sk_live_… \(or sk_test_…\)\)\. Set STRIPE_SECRET_KEY in the environment \(it wins over the admin setting\), or start with PAYMENT_GATEWAY=sandbox and fix it in Admin → Settings → Payment\.$/,
    );
    expect(bad).not.toThrow(/pk_live_oops/);
    expect(() => loadConfig({ DATA_DIR: dir }, { ...ccbillStored, ccbillAccount: "9001" })).toThrow(
      /^the admin setting ccbillAccount \(Admin → Settings → Payment\) is "9001" \(expected the 6-digit main account number, e\.g\. 900100\)\. Set CCBILL_ACCOUNT in the environment/,
    );
    expect(() => loadConfig({ DATA_DIR: dir }, { paymentGateway: "paypal" })).toThrow(
      /^the admin setting paymentGateway \(Admin → Settings → Payment\) is "paypal" \(expected sandbox, stripe or ccbill\)\. Set PAYMENT_GATEWAY in the environment/,
    );
    // Stored with the gateway named in the environment: still the setting is named.
    expect(() =>
      loadConfig({ DATA_DIR: dir, PAYMENT_GATEWAY: "ccbill" }, { ...ccbillStored, ccbillWebhookIps: "64.38.212.0/33" }),
    ).toThrow(
      /^the admin setting ccbillWebhookIps \(Admin → Settings → Payment\) is "64\.38\.212\.0\/33" \(expected a comma list/,
    );
  });

  it("names both places when a key the stored gateway needs is in neither", () => {
    const line = () => loadConfig({ DATA_DIR: dir }, { paymentGateway: "stripe", stripeSecretKey: "sk_test_1" });
    expect(line).toThrow(
      /^STRIPE_WEBHOOK_SECRET is not set, nor the admin setting stripeWebhookSecret \(Admin → Settings → Payment\) \(required when the admin setting paymentGateway is stripe: the webhook endpoint's signing secret, whsec_…\)\. Set STRIPE_WEBHOOK_SECRET in the environment/,
    );
    expect(() => loadConfig({ DATA_DIR: dir }, { ...ccbillStored, ccbillDatalinkUsername: "api" })).toThrow(
      /^CCBILL_DATALINK_PASSWORD is not set, nor the admin setting ccbillDatalinkPassword .*\(the DataLink username and password go together: set both, or neither\)/,
    );
  });

  it("tells every problem on the one line", () => {
    let message = "";
    try {
      loadConfig({ DATA_DIR: dir }, { ...ccbillStored, ccbillAccount: "1", ccbillSubaccount: "2" });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message.split("\n")).toHaveLength(1);
    expect(message).toMatch(
      /^the admin setting ccbillAccount .*; the admin setting ccbillSubaccount .*\. Set CCBILL_ACCOUNT and CCBILL_SUBACCOUNT in the environment \(they win over the admin settings\)/,
    );
  });

  it("still stops a production start that names no gateway anywhere", () => {
    const production = { DATA_DIR: dir, NODE_ENV: "production", PUBLIC_URL: "https://fans.example.com" };
    expect(() => loadConfig(production, {})).toThrow(
      /^PAYMENT_GATEWAY is not set \(required when NODE_ENV=production: .*Admin → Settings → Payment.*\)\. Set it in the environment\.$/,
    );
    expect(() => loadConfig(production, { paymentGateway: "" })).toThrow(/^PAYMENT_GATEWAY is not set/);
    // Named in the admin settings instead, it starts.
    expect(loadConfig(production, stripeStored).paymentGateway).toBe("stripe");
  });

  it("keeps the environment's own line when nothing stored is involved", () => {
    expect(() =>
      loadConfig(
        { DATA_DIR: dir, PAYMENT_GATEWAY: "stripe", STRIPE_WEBHOOK_SECRET: "whsec_x" },
        { ccbillAccount: "1" },
      ),
    ).toThrow(
      /^STRIPE_SECRET_KEY is not set \(required when PAYMENT_GATEWAY=stripe: .*\)\. Set it in the environment\.$/,
    );
  });
});

describe("the gateway's shared rules", () => {
  it.each([
    "64.38.212.0/24",
    "10.0.0.1",
    "2001:db8::1",
    "2001:db8::/32",
    "::ffff:10.0.0.1",
    "::",
    "64.38.212.0/33",
    "256.1.1.1",
    "1.2.3",
    "010.0.0.1",
    "2001:db8::/129",
    "gggg::1",
    "example.com",
    "10.0.0.0/8/1",
    "",
  ])("judges %j as node:net does", async (range) => {
    const { isIP } = await import("node:net");
    const { isAddressRange } = await import("@marquee/contracts/payment-gateway");
    const [address, bits, ...rest] = range.split("/");
    const family = isIP(address ?? "");
    const expected =
      family !== 0 &&
      !rest.length &&
      (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)));
    expect(isAddressRange(range)).toBe(expected);
  });
});
