// `npm start`: build the web app, start the API (embedded database, migrations, demo data) and the web server,
// and keep both running. A start-up failure ends with one plain line, the last one printed: its cause and its
// remedy ("Marquee cannot start: ..."), and a non-zero exit (the stack too when DEBUG is set).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { lockHolder } from "@marquee/contracts/startup";
import { portFrom, portProblem, STARTUP_FAILURE_PREFIX } from "../apps/web/startup-errors.mjs";
import { closed, root, startApi, startWeb, startWorker, stop, supervise, waitFor } from "./processes.mjs";

/** The live process holding the embedded database's lock (apps/api/src/db/client.ts), if any. */
function embeddedDatabaseOwner(dir) {
  if (process.env.DATABASE_URL) return null;
  return lockHolder(`${path.resolve(dir)}.lock`);
}

/** Before anything ran: the line, and out. */
function cannotStart(line) {
  console.error(`${STARTUP_FAILURE_PREFIX}${line}`);
  process.exit(1);
}

const api = portFrom(process.env, "API_PORT", 4000);
const web = portFrom(process.env, "WEB_PORT", 3000);
for (const { problem } of [api, web]) if (problem) cannotStart(problem);
const apiPort = api.port;
const webPort = web.port;
if (apiPort === webPort && apiPort !== 0) {
  cannotStart(`API_PORT and WEB_PORT are both ${apiPort}. Set them to two different free ports.`);
}
const env = {
  API_PORT: String(apiPort),
  WEB_PORT: String(webPort),
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, "data"),
  // The address members open; links in mails use it. Unset in production the API stops and says so.
  PUBLIC_URL:
    process.env.PUBLIC_URL || (process.env.NODE_ENV === "production" ? undefined : `http://localhost:${webPort}`),
  // The demo's long full-HD movies (a first start transcodes them once the site is open); the tests' sites skip them.
  SEED_DEMO_FEATURES: process.env.SEED_DEMO_FEATURES || "true",
};
// Another `npm start` on the same data folder is the likeliest cause of taken ports: named as such. (The API
// checks the lock itself too; this says it before the build.)
const lockOwner = await embeddedDatabaseOwner(path.join(env.DATA_DIR, "db"));
if (lockOwner) {
  cannotStart(
    `the embedded database in ${path.join(path.resolve(env.DATA_DIR), "db")} is in use by process ${lockOwner} (another Marquee, or \`npm run seed\`). Stop that process first (Ctrl-C in its npm start), or set DATA_DIR to another folder.`,
  );
}
// Taken ports are told now, not after the build and the minutes of a first start.
const host = process.env.HOST || undefined;
for (const [port, variable] of [
  [apiPort, "API_PORT"],
  [webPort, "WEB_PORT"],
]) {
  const taken = await portProblem(port, host, variable).catch(() => null);
  if (taken) cannotStart(taken);
}

if (process.env.SKIP_BUILD !== "true") {
  console.log("Building the web app…");
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) {
    cannotStart(
      `the web app did not build (npm run build ${build.error ? `could not run: ${build.error.message}` : `exited with ${build.status ?? build.signal}`}); its messages are above. Run \`npm ci\` and try again.`,
    );
  }
}

// The first start waits for each server to answer (the API seeds the demo catalogue first); one that exits before
// answering stops everything, as a bad setting will not mend itself. From then on each server is supervised: one
// that dies is restarted while the other keeps running, unless it failed to start (a taken port, a full disk ...).
const servers = [];
/** The process being waited for, not supervised yet. */
let starting = startApi(env, { stdio: "forward" });
let stopping = false;
/** Stops everything; `line` (a start-up failure) is printed last. */
async function shutdown(code, line) {
  if (stopping) return;
  stopping = true;
  await Promise.all([...servers.map((s) => s.stop()), stop(starting)]);
  if (line) console.error(line);
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

/** The line a server that stopped at start left, else one naming it. */
async function failureOf(name, child, err) {
  if (child.exitCode === null && child.signalCode === null) {
    return `${STARTUP_FAILURE_PREFIX}the ${name} did not answer (${err.message}); its messages are above.`;
  }
  await closed(child);
  const how = child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`;
  return (
    child.startupFailure ??
    `${STARTUP_FAILURE_PREFIX}the ${name} stopped before it answered (${how}); its messages are above.`
  );
}
const gaveUp = (name) => async (child) => shutdown(1, await failureOf(name, child, new Error("stopped")));

let name = "API";
try {
  // The first start seeds the demo catalogue before it answers (a minute or two).
  await waitFor(`http://127.0.0.1:${apiPort}/health`, starting, 600_000);
  servers.push(
    supervise("API", () => startApi(env, { stdio: "forward" }), { first: starting, onStartupFailure: gaveUp("API") }),
  );
  name = "web server";
  starting = startWeb(env, { stdio: "forward" });
  await waitFor(`http://127.0.0.1:${webPort}/`, starting);
  servers.push(
    supervise("Web server", () => startWeb(env, { stdio: "forward" }), {
      first: starting,
      onStartupFailure: gaveUp("web server"),
    }),
  );
  starting = undefined;
  // On PostgreSQL a media worker runs beside the API (on the embedded database the API forks its own).
  if (process.env.DATABASE_URL && process.env.MEDIA_JOBS !== "inline") {
    servers.push(supervise("Media worker", () => startWorker(env, { stdio: "forward" })));
  }
} catch (err) {
  // Unless Ctrl-C is what stopped it.
  if (!stopping) await shutdown(1, await failureOf(name, starting, err));
}
// Stopping: the shutdown under way exits.
if (stopping) await new Promise(() => {});

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
