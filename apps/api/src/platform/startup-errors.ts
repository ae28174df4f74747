import { statfs } from "node:fs/promises";
import { inspect } from "node:util";
import {
  listenProblem,
  portProblem,
  STARTUP_FAILURE_EXIT_CODE,
  STARTUP_FAILURE_PREFIX,
} from "@marquee/contracts/startup";

/**
 * Start-up failures a newcomer can meet (a port in use, the embedded database held by another process, a bad
 * setting, a missing or broken media tool, a full disk), each told in one plain line with the cause and the remedy,
 * instead of a stack trace. `DEBUG` set prints the stack as well.
 */

/** A failure whose message is already that one line (cause and remedy). */
export class StartupError extends Error {
  override name = "StartupError";
}

export { STARTUP_FAILURE_EXIT_CODE, STARTUP_FAILURE_PREFIX };

export interface StartupContext {
  /** The port this process listens on, and the variable that sets it. */
  port?: number;
  portVariable?: string;
  host?: string;
  /** Where the data lives (named when the disk is full or not writable). */
  dataDir?: string;
}

type ErrorLike = { code?: unknown; syscall?: unknown; path?: unknown; message?: unknown; name?: unknown };

/** The error and every error it wraps (`cause`, AggregateError's `errors`), outermost first, cycles ignored. */
function chain(err: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== "object" || seen.has(e) || depth > 8) return;
    seen.add(e);
    out.push(e as ErrorLike);
    visit((e as { cause?: unknown }).cause, depth + 1);
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
  };
  visit(err, 0);
  return out;
}

const messageOf = (e: ErrorLike) => (typeof e.message === "string" ? e.message : "");
const firstLine = (s: string) =>
  s
    .split("\n")
    .find((l) => l.trim())
    ?.trim() ?? "";

/** ENOSPC from Node, PostgreSQL's disk_full (53100) or the text either gives (also from inside PGlite or ffmpeg). */
export function isDiskFull(err: unknown): boolean {
  return chain(err).some(
    (e) => e.code === "ENOSPC" || e.code === "53100" || /no space left on device/i.test(messageOf(e)),
  );
}

function listenProblemIn(e: ErrorLike, ctx: StartupContext): string | null {
  return listenProblem(e, { port: ctx.port ?? "?", host: ctx.host ?? "?", variable: ctx.portVariable ?? "API_PORT" });
}

const diskFullLine = (ctx: StartupContext) =>
  `${ctx.dataDir ? `the disk holding ${ctx.dataDir}` : "the disk"} is full. Free some space (or set DATA_DIR to a disk with room) and start again.`;

/**
 * The one line (without the "Marquee cannot start: " prefix) for a failure at start: its cause and its remedy.
 * `known` is false for an error of no known kind, named by its first line with a pointer to DEBUG for the details
 * (it may be passing, so `npm start` may try again).
 */
export function classifyStartupFailure(err: unknown, ctx: StartupContext = {}): { line: string; known: boolean } {
  const errors = chain(err);
  const told = errors.find((e) => e.name === "StartupError" || e.name === "MediaToolsError");
  if (told) return { line: firstLine(messageOf(told)), known: true };
  if (isDiskFull(err)) return { line: diskFullLine(ctx), known: true };
  for (const e of errors) {
    const line = listenProblemIn(e, ctx);
    if (line) return { line, known: true };
  }
  const denied = errors.find(
    (e) => ["EACCES", "EPERM", "EROFS"].includes(String(e.code)) && typeof e.path === "string",
  );
  if (denied) {
    const why = denied.code === "EROFS" ? "the file system is read-only" : "permission denied";
    return {
      line: `${denied.path} cannot be written (${why}). Make it writable for this user, or set DATA_DIR to a folder that is.`,
      known: true,
    };
  }
  const what = firstLine(messageOf(errors[0] ?? {})) || firstLine(String(err)) || "an unknown error";
  return { line: `${what.replace(/\.$/, "")}. Set DEBUG=1 to see the details.`, known: false };
}

/** Free bytes on the disk holding `dir`, or null when that cannot be told (the folder is missing, ...). */
export async function freeBytes(dir: string): Promise<number | null> {
  try {
    const s = await statfs(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

/** Below this much free space a failure is put down to the full disk (PGlite and ffmpeg do not always say so). */
export const NEARLY_FULL_BYTES = 64 * 1024 * 1024;

/**
 * Prints the failure as one line on stderr (the stack before it when DEBUG is set) and exits: with
 * STARTUP_FAILURE_EXIT_CODE for a known cause, else 1. An error of no known kind on a nearly full disk is put down
 * to the disk.
 */
export async function exitOnStartupFailure(
  err: unknown,
  ctx: StartupContext = {},
  io: { debug?: boolean; print?: (line: string) => void; exit?: (code: number) => never } = {},
): Promise<never> {
  const print = io.print ?? ((line: string) => process.stderr.write(`${line}\n`));
  const debug = io.debug ?? Boolean(process.env.DEBUG);
  let { line, known } = classifyStartupFailure(err, ctx);
  if (!known && ctx.dataDir) {
    const free = await freeBytes(ctx.dataDir);
    if (free !== null && free < NEARLY_FULL_BYTES) ({ line, known } = { line: diskFullLine(ctx), known: true });
  }
  // The stack, and those of the errors it wraps.
  if (debug) print(inspect(err));
  print(`${STARTUP_FAILURE_PREFIX}${line}`);
  // Let stderr drain before leaving (a pipe to `npm start` is asynchronous).
  await new Promise<void>((resolve) => process.stderr.write("", () => resolve()));
  return (io.exit ?? process.exit)(known ? STARTUP_FAILURE_EXIT_CODE : 1);
}

/** Fails at once, before the minutes of a first start, when the port is taken. */
export async function assertPortFree(port: number, host: string, variable = "API_PORT"): Promise<void> {
  const line = await portProblem(port, host, variable);
  if (line) throw new StartupError(line);
}
