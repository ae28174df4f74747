// Start-up failures of the web server and of `npm start` (scripts/start.mjs), told in one plain line with the
// cause and the remedy instead of a stack trace (the API does the same: apps/api/src/platform/startup-errors.ts).
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

/** Listens on the port and lets go: the line of the listen error (see listenProblem), or null when it is free. */
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

/**
 * A port number from the environment variable `name` (unset or empty: `fallback`), or the line saying what is
 * wrong with it.
 */
export function portFrom(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === "") return { port: fallback };
  const port = Number(raw);
  if (/^\d+$/.test(raw.trim()) && port <= 65535) return { port };
  return {
    problem: `${name} is ${JSON.stringify(raw.slice(0, 80))} (expected a port number from 0 to 65535). Fix it in the environment, or unset it for the default (${fallback}).`,
  };
}

/** Prints the line on stderr (the error's stack before it when DEBUG is set) and exits. */
export function cannotStart(line, err, code = STARTUP_FAILURE_EXIT_CODE) {
  if (process.env.DEBUG && err?.stack) console.error(err.stack);
  console.error(`${STARTUP_FAILURE_PREFIX}${line}`);
  process.exit(code);
}
