import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/**
 * One row per media worker process (`npm run worker`, or the one the API forks), written by its heartbeat
 * (modules/system/heartbeat.ts): who it is, when it was last seen, the job it is on and its totals. A worker that
 * stops cleanly marks `stopped_at`; one that died simply stops being seen. Rows unseen for a day are removed.
 */
export const workerHeartbeats = pgTable(
  "worker_heartbeats",
  {
    id: text("id").primaryKey(),
    host: text("host").notNull(),
    pid: integer("pid").notNull(),
    queues: text("queues").array().notNull(),
    startedAt: at("started_at").notNull(),
    lastSeenAt: at("last_seen_at").notNull(),
    stoppedAt: at("stopped_at"),
    jobQueue: text("job_queue"),
    jobId: text("job_id"),
    /** What the job is on (its source's storage key). */
    jobSubject: text("job_subject"),
    jobStartedAt: at("job_started_at"),
    jobsDone: integer("jobs_done").notNull().default(0),
    jobsFailed: integer("jobs_failed").notNull().default(0),
  },
  (t) => [index("worker_heartbeats_last_seen_idx").on(t.lastSeenAt)],
);
