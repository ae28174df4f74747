import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gatewayFields, gatewayKeys } from "@marquee/contracts/payment-gateway";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/client.ts";
import { settings } from "./modules/settings/tables.ts";

let dir: string;

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "marquee-gateway-start-"));
  // The embedded database the API will open, with a gateway an admin chose and a key it stored malformed.
  const database = await openDatabase({ dir: path.join(dir, "db") });
  await database.migrate();
  await database.db.insert(settings).values([
    { key: "paymentGateway", value: "stripe" },
    { key: "stripeSecretKey", value: "pk_live_a_publishable_key" },
    { key: "stripeWebhookSecret", value: "whsec_stored" },
  ]);
  await database.close();
  // Opening a new embedded database and applying every migration: seconds, or a minute and more on a busy machine.
}, 180_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("a start with a bad payment setting stored in Admin → Settings → Payment", () => {
  it("stops after opening the database, in one line naming the admin setting, without its value", async () => {
    const main = path.join(path.dirname(fileURLToPath(import.meta.url)), "main.ts");
    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: "development",
      DATA_DIR: dir,
      HOST: "127.0.0.1",
      API_PORT: String(await freePort()),
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
    };
    for (const name of ["DEBUG", "DATABASE_URL", "STRIPE_API_BASE", ...gatewayKeys.map((k) => gatewayFields[k].env)]) {
      delete env[name];
    }
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, ["--import", "tsx", main], { env, timeout: 110_000 }, (err, _stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
      );
    });
    expect(result.code).toBe(78);
    expect(result.stderr.trim()).toBe(
      "Marquee cannot start: the admin setting stripeSecretKey (Admin → Settings → Payment) is set (expected the secret API key, sk_live_… (or sk_test_…)). Set STRIPE_SECRET_KEY in the environment (it wins over the admin setting), or start with PAYMENT_GATEWAY=sandbox and fix it in Admin → Settings → Payment.",
    );
    expect(result.stderr).not.toContain("pk_live_a_publishable_key");
    // A child that compiles main.ts on the fly and opens the embedded database: seconds, or a minute on a busy machine.
  }, 120_000);
});
