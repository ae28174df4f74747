import { z } from "zod";
import { entityId } from "./common.ts";

/**
 * The admin's system screen (`GET /admin/system`): the media workers, the job queues and their recent failures
 * (issue 21). Workers write a heartbeat every `heartbeatSeconds`; one unseen for three of them is not alive.
 */

const at = z.iso.datetime({ offset: true });

export const systemWorker = z.object({
  _id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  /** The queues it works. */
  queues: z.array(z.string()),
  startedAt: at,
  lastSeenAt: at,
  /** When it stopped cleanly; null while running (or when it died without a word: then `alive` turns false). */
  stoppedAt: at.nullable(),
  alive: z.boolean(),
  /** The job it is on, or null when idle. */
  job: z
    .object({
      queue: z.string(),
      id: z.string(),
      /** What it works on: the source file's storage key. */
      subject: z.string().nullable(),
      startedAt: at,
    })
    .nullable(),
  jobsDone: z.number().int(),
  jobsFailed: z.number().int(),
});
export type SystemWorker = z.infer<typeof systemWorker>;

export const systemQueue = z.object({
  name: z.string(),
  /** Jobs waiting to start: new, and failed ones waiting for their retry. */
  created: z.number().int(),
  retry: z.number().int(),
  /** Jobs being worked on now. */
  active: z.number().int(),
  /** Jobs that failed for good in the last 24 hours. */
  failed: z.number().int(),
  /** Whether media workers (not the API processes) work it. */
  heavy: z.boolean(),
});
export type SystemQueue = z.infer<typeof systemQueue>;

export const systemFailure = z.object({
  _id: z.string(),
  queue: z.string(),
  /** The error of its last attempt. */
  error: z.string(),
  failedAt: at,
  /** How many times it ran. */
  attempts: z.number().int(),
  subject: z.string().nullable(),
});
export type SystemFailure = z.infer<typeof systemFailure>;

export const systemStatus = z.object({
  /** `worker`: heavy media jobs run only in media workers; `inline`: the API processes run them too. */
  mediaJobs: z.enum(["worker", "inline"]),
  heartbeatSeconds: z.number().int(),
  /**
   * On the embedded database the API forks its media worker on demand: when media is waiting, until it has had
   * nothing to do for `idleStopSeconds`. `running`: its process runs now (or is being restarted); false: stopped
   * for want of work, as it should be. Null where workers run on their own (PostgreSQL) or it is kept running.
   */
  onDemandWorker: z.object({ running: z.boolean(), idleStopSeconds: z.number().int() }).nullable(),
  /** Workers seen in the last hour, alive ones first. */
  workers: z.array(systemWorker),
  queues: z.array(systemQueue),
  /** The newest failures of the last 7 days (20 at most). */
  failures: z.array(systemFailure),
});
export type SystemStatus = z.infer<typeof systemStatus>;

export const retryJobParams = z.object({
  queue: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, "not a queue name"),
  id: entityId,
});
