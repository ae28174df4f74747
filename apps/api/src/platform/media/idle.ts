/**
 * The embedded database's media worker runs on demand (issue 26): the API forks it when a heavy job is queued, and
 * it exits by itself once it has had nothing to do for a while, with this code, which tells its supervisor not to
 * start it again (platform/media/embedded-worker.ts). 75 is sysexits' EX_TEMPFAIL: "try again later".
 */
export const IDLE_EXIT_CODE = 75;

/**
 * In the worker: calls `onIdle` once, when no job has run in this process for `idleMs` and no job of its queues is
 * waiting or running anywhere (`pending`, read from the database: also a job waiting for its retry, or one queued
 * and not taken yet). Checked every `checkMs` (default: the idle period, at most every 10 s). Returns the observer
 * half for `createJobs` (a job's start and end) and `stop()`.
 */
export function watchIdle(opts: {
  idleMs: number;
  pending: () => Promise<number>;
  onIdle: () => void;
  onError?: (err: unknown) => void;
  checkMs?: number;
}) {
  let running = 0;
  let lastActive = Date.now();
  let checking = false;
  let done = false;
  const check = async () => {
    if (done || checking) return;
    if (running > 0) lastActive = Date.now();
    if (running > 0 || Date.now() - lastActive < opts.idleMs) return;
    checking = true;
    try {
      const waiting = await opts.pending();
      // Something is still to do (e.g. a retry after its delay): idle again from now.
      if (waiting > 0 || running > 0) lastActive = Date.now();
      else if (!done) {
        done = true;
        clearInterval(timer);
        opts.onIdle();
      }
    } catch (err) {
      opts.onError?.(err);
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), opts.checkMs ?? Math.min(opts.idleMs, 10_000));
  timer.unref();
  return {
    started() {
      running++;
      lastActive = Date.now();
    },
    finished() {
      running = Math.max(0, running - 1);
      lastActive = Date.now();
    },
    stop() {
      done = true;
      clearInterval(timer);
    },
  };
}
