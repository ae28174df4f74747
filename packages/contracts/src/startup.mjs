// Start-up failures told in one plain line with the cause and the remedy, shared by the API
// (apps/api/src/platform/startup-errors.ts), the web server and `npm start` (apps/web/startup-errors.mjs). Plain
// JavaScript: the web server and `npm start` run it with Node alone.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";

/** The exit code of a start-up failure that starting again will not mend (sysexits' EX_CONFIG). */
export const STARTUP_FAILURE_EXIT_CODE = 78;
export const STARTUP_FAILURE_PREFIX = "Marquee cannot start: ";

/** The line for an error of `listen` on `port` (set by `variable`), or null for another error. */
export function listenProblem(err, { port, host, variable }) {
  // A HOST name that does not resolve fails the listen's look-up.
  if (err?.syscall === "getaddrinfo" && (err.code === "ENOTFOUND" || err.code === "EAI_AGAIN")) {
    return `HOST ${host} is not a name of this machine. Set HOST to one of its addresses, or 0.0.0.0 for all.`;
  }
  if (err?.syscall !== "listen" && err?.syscall !== "bind") return null;
  if (err.code === "EADDRINUSE")
    return `port ${port} is in use by another program. Stop it or set ${variable} to a free port.`;
  if (err.code === "EACCES")
    return `port ${port} needs administrator rights to listen on. Set ${variable} to 1024 or above.`;
  if (err.code === "EADDRNOTAVAIL") {
    return `HOST ${host} is not an address of this machine. Set HOST to one of its addresses, or 0.0.0.0 for all.`;
  }
  return null;
}

/**
 * Listens on the port and lets go: the line of the listen error (see listenProblem), or null when it is free.
 * (Another program may still take it in between; the real listen's error is told the same way.)
 */
export function portProblem(port, host, variable) {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (err) => {
      const line = listenProblem(err, { port, host, variable });
      if (line) resolve(line);
      else reject(err);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

/** Whether process `pid` is alive: it exists and is not a zombie (killed and not yet reaped). */
export function processAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return err.code === "EPERM";
  }
  try {
    return !/^\d+ \(.*\) [ZX] /s.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch (err) {
    // Gone in between, where /proc tells; elsewhere the signal's answer stands.
    return err.code !== "ENOENT" || !existsSync("/proc/self/stat");
  }
}

/**
 * The live process whose pid the lock file holds, or null (no lock, or a dead owner's). An owner that is still
 * exiting is given `graceMs` to go: a process killed a moment ago closes its ports before it has finished dying,
 * and a start that follows at once (`kill -9`, then `npm start`) must not take it for a running Marquee.
 */
export async function lockHolder(file, graceMs = 3000) {
  let owner;
  try {
    owner = Number(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
  if (!Number.isInteger(owner) || owner <= 0) return null;
  const until = Date.now() + graceMs;
  while (processAlive(owner)) {
    if (Date.now() >= until) return owner;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}
