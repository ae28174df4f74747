// `npm start`: build the web app, start the API (embedded database, migrations, demo data) and the web server,
// and keep both running.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { root, startApi, startWeb, stop, supervise, waitFor } from "./processes.mjs";

const apiPort = Number(process.env.API_PORT ?? 4000);
const webPort = Number(process.env.WEB_PORT ?? 3000);
const env = {
  API_PORT: String(apiPort),
  WEB_PORT: String(webPort),
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, "data"),
  // The address members open; links in mails use it. Unset in production the API stops and says so.
  PUBLIC_URL:
    process.env.PUBLIC_URL || (process.env.NODE_ENV === "production" ? undefined : `http://localhost:${webPort}`),
};

if (process.env.SKIP_BUILD !== "true") {
  console.log("Building the web app…");
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The first start waits for each server to answer (the API seeds the demo catalogue first); one that exits before
// answering stops everything, as a bad setting will not mend itself. From then on each server is supervised: one
// that dies is restarted while the other keeps running.
const servers = [];
/** The process being waited for, not supervised yet. */
let starting = startApi(env);
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all([...servers.map((s) => s.stop()), stop(starting)]);
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

try {
  // The first start seeds the demo catalogue before it answers (a minute or two).
  await waitFor(`http://127.0.0.1:${apiPort}/health`, starting, 600_000);
  servers.push(supervise("API", () => startApi(env), { first: starting }));
  starting = startWeb(env);
  await waitFor(`http://127.0.0.1:${webPort}/`, starting);
  servers.push(supervise("Web server", () => startWeb(env), { first: starting }));
  starting = undefined;
} catch (err) {
  console.error(err.message);
  await shutdown(1);
}

console.log(`
  Marquee is running.
    Web:       ${env.PUBLIC_URL}   (or any other name or address of this machine, port ${webPort})
    API:       ${env.PUBLIC_URL}/api   (OpenAPI docs at ${env.PUBLIC_URL}/api/docs)
    Data:      ${env.DATA_DIR}

  Demo accounts (password: marquee-demo)
    admin       administrator
    performer   a performer
    member      a member
    user        a plain user

  Mails are written to ${path.join(env.DATA_DIR, "mail")} (set SMTP_URL to send them).
  Press Ctrl-C to stop.
`);
