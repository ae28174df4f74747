// One API process for bench/sockets.ts: the real buildApp on a database (DATABASE_URL, else an embedded PGlite in
// DATA_DIR), with an IPC channel through which the benchmark asks it to emit to a room, so delay is timed from the
// server's `toRoom` call to each client's receipt. With SEED_USERS it first makes that many accounts with a session
// each and one published post (the room's object), and hands their tokens over in its `ready` message.
import { randomBytes } from "node:crypto";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config.ts";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { sessions } from "../apps/api/src/modules/auth/tables.ts";
import { posts } from "../apps/api/src/modules/posts/tables.ts";
import { users } from "../apps/api/src/modules/users/tables.ts";
import { openGeoIp } from "../apps/api/src/platform/geoip.ts";
import { uuidv7 } from "../apps/api/src/platform/ids.ts";
import { createMemoryMailer } from "../apps/api/src/platform/mailer.ts";
import { objectRoom } from "../apps/api/src/platform/realtime.ts";
import { hashToken } from "../apps/api/src/platform/tokens.ts";

const config = loadConfig({ ...process.env, LOG_LEVEL: "warn", HOST: "127.0.0.1" });
const database = config.databaseUrl
  ? await openDatabase({ url: config.databaseUrl, poolSize: 10 })
  : await openDatabase({ dir: `${config.dataDir}/db` });
await database.migrate();

let seeded: { tokens: string[]; postId: string } | null = null;
const seedUsers = Number(process.env.SEED_USERS ?? 0);
if (seedUsers > 0) {
  const rows = Array.from({ length: seedUsers }, (_, i) => ({
    id: uuidv7(),
    username: `sockets${i}`,
    email: `sockets${i}@bench.local`,
    name: `Sockets ${i}`,
    passwordHash: "x",
    verifiedEmail: true,
  }));
  const tokens = rows.map(() => randomBytes(32).toString("base64url"));
  for (let i = 0; i < rows.length; i += 500) {
    await database.db.insert(users).values(rows.slice(i, i + 500));
    await database.db.insert(sessions).values(
      rows.slice(i, i + 500).map((u, j) => ({
        userId: u.id,
        tokenHash: hashToken(tokens[i + j] as string),
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
  }
  const postId = uuidv7();
  await database.db.insert(posts).values({
    id: postId,
    slug: `sockets-${postId}`,
    title: "Bench room",
    status: "published",
    publishedAt: new Date(),
  });
  seeded = { tokens, postId };
}

const app = await buildApp({ config, database, mailer: createMemoryMailer(), geoip: await openGeoIp() });
await app.listen({ host: "127.0.0.1", port: config.port });

process.on("message", (msg: { kind: string; objectId?: string; seq?: number }) => {
  if (msg.kind === "emit" && msg.objectId) {
    // How long the emit holds this process (encoding once, writing to every local socket of the room).
    // Its CPU time too: on a loaded machine the wall time includes other processes' turns.
    const started = performance.now();
    const cpu = process.cpuUsage();
    app.realtime?.toRoom(objectRoom(msg.objectId), "bench", { seq: msg.seq, sentAt: Date.now() });
    const { user, system } = process.cpuUsage(cpu);
    process.send?.({ kind: "emitted", ms: performance.now() - started, cpuMs: (user + system) / 1000 });
  }
  if (msg.kind === "rss") {
    // After a full collection (node runs with --expose-gc): what the sockets keep, not the garbage of their joins.
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    process.send?.({
      kind: "rss",
      rss,
      heapUsed,
      external,
      arrayBuffers,
      sockets: app.realtime?.io.engine.clientsCount,
    });
  }
  if (msg.kind === "stop")
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
});
process.send?.({ kind: "ready", ...seeded });
