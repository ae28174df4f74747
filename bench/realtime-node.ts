// One API node for the realtime benchmark: the real buildApp on the given database, plus an IPC channel through
// which the benchmark asks it to emit, so fan-out is timed from the server's call to the client's receipt.
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config.ts";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { openGeoIp } from "../apps/api/src/platform/geoip.ts";
import { createMemoryMailer } from "../apps/api/src/platform/mailer.ts";
import { userRoom } from "../apps/api/src/platform/realtime.ts";

const config = loadConfig({ ...process.env, LOG_LEVEL: "warn", HOST: "127.0.0.1" });
const database = await openDatabase({ url: config.databaseUrl, poolSize: 10 });
const app = await buildApp({ config, database, mailer: createMemoryMailer(), geoip: await openGeoIp() });
await app.listen({ host: "127.0.0.1", port: config.port });

process.on("message", (msg: { kind: string; userIds?: string[]; seq?: number }) => {
  if (msg.kind === "emit" && msg.userIds) {
    // A timing probe, not a notification of the map: sent raw (`toRoom`, as `toUser` sends) to the user's room.
    for (const id of msg.userIds)
      app.realtime?.toRoom(userRoom(id), "notification", { seq: msg.seq, sentAt: Date.now() });
  }
  if (msg.kind === "rss")
    process.send?.({ kind: "rss", rss: process.memoryUsage().rss, sockets: app.realtime?.io.engine.clientsCount });
  if (msg.kind === "stop")
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
});
process.send?.({ kind: "ready" });
