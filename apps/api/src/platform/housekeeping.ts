import type { FastifyBaseLogger } from "fastify";

/** How often each API process clears expired sessions, spent mail tokens, old throttle counters and temp files. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

/**
 * A temp file or folder nothing wrote to for this long was left by a process that died mid-upload or mid-transcode.
 * Several API processes may share MEDIA_DIR, so a younger one may belong to a live upload or transcode elsewhere.
 */
export const TEMP_FILES_GRACE_MS = 6 * 60 * 60_000;

/**
 * Runs `tasks` now and then every interval. Every task is an idempotent delete, so several API processes
 * running it at once is harmless. Returns a function that stops the timer.
 */
export function scheduleHousekeeping(
  tasks: Record<string, () => Promise<number>>,
  log: FastifyBaseLogger,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
): () => void {
  const run = async () => {
    for (const [name, task] of Object.entries(tasks)) {
      try {
        const removed = await task();
        if (removed) log.info({ task: name, removed }, "housekeeping");
      } catch (err) {
        log.warn({ err, task: name }, "housekeeping task failed");
      }
    }
  };
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
