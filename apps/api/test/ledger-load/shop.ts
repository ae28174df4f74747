/**
 * What the ledger's crash test (modules/commerce/ledger/ledger.crash.test.ts) and its benchmark (bench/payments.ts) share:
 * a throwaway PostgreSQL database with buyers, performers and movies for sale (this file), the API as a real `node`
 * process on it, checkouts through that API, the sandbox gateway's signed callbacks posted over loopback (./api.ts),
 * and a check of the whole ledger in SQL against what the gateway's events imply (./check.ts).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../../src/db/client.ts";
import { sessions } from "../../src/modules/auth/tables.ts";
import { coupons } from "../../src/modules/commerce/coupons/tables.ts";
import { performers } from "../../src/modules/performers/tables.ts";
import { users } from "../../src/modules/users/tables.ts";
import { markVerifiedWithoutDocuments } from "../../src/modules/verification/applications.ts";
import { videos } from "../../src/modules/videos/tables.ts";
import { uuidv7 } from "../../src/platform/ids.ts";
import { hashToken } from "../../src/platform/tokens.ts";

/** The coupon some checkouts use: 15% off. */
export const COUPON = { code: "LEDGER15", value: 0.15 } as const;

/** A database of its own on the server at `serverUrl`, migrated; `drop()` removes it. */
export async function throwawayDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return {
    name,
    url,
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface Movie {
  id: string;
  priceCents: number;
  performerIds: string[];
}
export interface Buyer {
  id: string;
  token: string;
}

/**
 * Performers, movies for sale (one to three performers each, prices in odd cents so that shares and commissions
 * round) and buyers with a session each, written straight into the database: registering is throttled per address,
 * and none of this is what is under test.
 */
export async function seedShop(url: string, n: { performers: number; movies: number; buyers: number }) {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    const db = database.db;
    const tag = randomBytes(3).toString("hex");
    const person = (kind: string, i: number, role: "user" | "performer") => ({
      id: uuidv7(),
      username: `${kind}${tag}${i}`,
      email: `${kind}${tag}${i}@ledger.test`,
      name: `${kind} ${i}`,
      passwordHash: "not-a-password",
      role,
      verifiedEmail: true,
    });
    const performerRows = Array.from({ length: n.performers }, (_, i) => person("performer", i, "performer"));
    await db.insert(users).values(performerRows);
    await db.insert(performers).values(performerRows.map((p) => ({ id: p.id })));
    await markVerifiedWithoutDocuments(
      db,
      performerRows.map((p) => p.id),
      "Test fixture",
    );

    const movies: Movie[] = Array.from({ length: n.movies }, (_, i) => {
      const count = 1 + (i % 3);
      const performerIds = Array.from(
        { length: Math.min(count, n.performers) },
        (_, k) => performerRows[(i + k * 7) % n.performers]?.id as string,
      );
      // 1.01 .. 49.99, never a round figure: 3 performers of 1001 cents get 334, 334 and 333.
      return { id: uuidv7(), priceCents: 101 + ((i * 1237) % 4899), performerIds: [...new Set(performerIds)] };
    });
    for (let i = 0; i < movies.length; i += 500) {
      await db.insert(videos).values(
        movies.slice(i, i + 500).map((m, k) => ({
          id: m.id,
          slug: `ledger-${tag}-${i + k}`,
          title: `Ledger movie ${i + k}`,
          access: "sale" as const,
          priceCents: m.priceCents,
          status: "active" as const,
          listed: true,
          performerIds: m.performerIds,
          createdBy: m.performerIds[0] as string,
          processingStatus: "ready" as const,
          mediaKey: `private/videos/${m.id}`,
          durationSec: 3,
        })),
      );
    }

    const buyerRows = Array.from({ length: n.buyers }, (_, i) => person("buyer", i, "user"));
    const buyers: Buyer[] = buyerRows.map((u) => ({ id: u.id, token: randomBytes(32).toString("base64url") }));
    for (let i = 0; i < buyers.length; i += 500) {
      await db.insert(users).values(buyerRows.slice(i, i + 500));
      await db.insert(sessions).values(
        buyers.slice(i, i + 500).map((b) => ({
          userId: b.id,
          tokenHash: hashToken(b.token),
          expiresAt: new Date(Date.now() + 86_400_000),
        })),
      );
    }
    await db.insert(coupons).values({ code: COUPON.code, value: COUPON.value });
    return { performers: performerRows.map((p) => p.id), movies, buyers };
  } finally {
    await database.close();
  }
}
