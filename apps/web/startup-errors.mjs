// Start-up failures of the web server and of `npm start` (scripts/start.mjs), told in one plain line with the
// cause and the remedy instead of a stack trace (the API does the same: apps/api/src/platform/startup-errors.ts).
import { STARTUP_FAILURE_EXIT_CODE, STARTUP_FAILURE_PREFIX } from "@marquee/contracts/startup";

export {
  listenProblem,
  portProblem,
  STARTUP_FAILURE_EXIT_CODE,
  STARTUP_FAILURE_PREFIX,
} from "@marquee/contracts/startup";

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

/**
 * Origins from the environment variable `name`, comma-separated (unset or empty: none), each as `scheme://host[:port]`
 * with http or https, or the line saying what is wrong with one.
 */
export function originsFrom(env, name) {
  const origins = [];
  for (const raw of (env[name] ?? "").split(",").map((s) => s.trim())) {
    if (!raw) continue;
    let url = null;
    try {
      url = new URL(raw);
    } catch {}
    // A plain host name or address: nothing a CSP would read as more than one source (`*`, `;`).
    const plainHost = url && /^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname);
    const origin = plainHost && /^https?:$/.test(url.protocol) ? url.origin : null;
    if (!origin || raw.replace(/\/$/, "") !== origin) {
      return {
        problem: `${name} has ${JSON.stringify(raw.slice(0, 80))} (expected origins such as https://media.example.com, comma-separated, without a path). Fix it in the environment, or unset it.`,
      };
    }
    origins.push(origin);
  }
  return { origins };
}

/** Prints the line on stderr (the error's stack before it when DEBUG is set) and exits. */
export function cannotStart(line, err, code = STARTUP_FAILURE_EXIT_CODE) {
  if (process.env.DEBUG && err?.stack) console.error(err.stack);
  console.error(`${STARTUP_FAILURE_PREFIX}${line}`);
  process.exit(code);
}
