import type { SystemFailure, SystemQueue, SystemStatus, SystemWorker } from "@marquee/contracts/system";
import { desc, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import type { Jobs } from "../../platform/jobs.ts";
import { describeJob, HEAVY_QUEUES } from "../../platform/media/work.ts";
import { type AuditActor, recordAudit } from "../audit/service.ts";
import { HEARTBEAT_SECONDS } from "./heartbeat.ts";
import { workerHeartbeats } from "./tables.ts";

const iso = (d: Date | string) => new Date(d).toISOString();
const int = (v: unknown) => Number(v ?? 0);

/**
 * What the admin's system screen shows: the media workers from their heartbeats, and the queues and their recent
 * failures read from pg-boss's own tables (its schema is pg-boss's, so these queries name only the columns its
 * version 10 documents: name, state, data, output, retry_count, created_on, completed_on).
 */
export function createSystemService(deps: { db: Db; jobs: Jobs; mediaJobs: "worker" | "inline"; now?: () => Date }) {
  const { db, jobs } = deps;
  const now = deps.now ?? (() => new Date());
  const schema = jobs.schema;
  /** The embedded database's worker, which the API forks on demand (main.ts tells it here). */
  let embedded: { onDemand(): { running: boolean; idleStopSeconds: number } | null } | null = null;

  async function workers(): Promise<SystemWorker[]> {
    const since = new Date(now().getTime() - 3600_000);
    const rows = await db
      .select()
      .from(workerHeartbeats)
      .where(gt(workerHeartbeats.lastSeenAt, since))
      .orderBy(desc(workerHeartbeats.startedAt));
    const aliveAfter = now().getTime() - 3 * HEARTBEAT_SECONDS * 1000;
    return rows
      .map((r) => ({
        _id: r.id,
        host: r.host,
        pid: r.pid,
        queues: r.queues,
        startedAt: iso(r.startedAt),
        lastSeenAt: iso(r.lastSeenAt),
        stoppedAt: r.stoppedAt ? iso(r.stoppedAt) : null,
        alive: !r.stoppedAt && r.lastSeenAt.getTime() >= aliveAfter,
        job:
          r.jobQueue && r.jobId && r.jobStartedAt
            ? { queue: r.jobQueue, id: r.jobId, subject: r.jobSubject, startedAt: iso(r.jobStartedAt) }
            : null,
        jobsDone: r.jobsDone,
        jobsFailed: r.jobsFailed,
      }))
      .sort((a, b) => Number(b.alive) - Number(a.alive));
  }

  async function queues(): Promise<SystemQueue[]> {
    const { rows } = await jobs.sql(
      `SELECT q.name,
         count(j.id) FILTER (WHERE j.state = 'created') AS created,
         count(j.id) FILTER (WHERE j.state = 'retry') AS retry,
         count(j.id) FILTER (WHERE j.state = 'active') AS active,
         count(j.id) FILTER (WHERE j.state = 'failed' AND j.completed_on > now() - interval '1 day') AS failed
       FROM ${schema}.queue q LEFT JOIN ${schema}.job j ON j.name = q.name
       WHERE q.name NOT LIKE '\\_\\_pgboss%'
       GROUP BY q.name ORDER BY q.name`,
    );
    return (rows as Record<string, unknown>[]).map((r) => ({
      name: String(r.name),
      created: int(r.created),
      retry: int(r.retry),
      active: int(r.active),
      failed: int(r.failed),
      heavy: HEAVY_QUEUES.includes(String(r.name)),
    }));
  }

  async function failures(): Promise<SystemFailure[]> {
    const { rows } = await jobs.sql(
      `SELECT id, name, data, output, retry_count, completed_on FROM ${schema}.job
       WHERE state = 'failed' AND completed_on > now() - interval '7 days'
       ORDER BY completed_on DESC LIMIT 20`,
    );
    return (rows as Record<string, unknown>[]).map((r) => {
      const output = r.output as { message?: unknown } | null;
      return {
        _id: String(r.id),
        queue: String(r.name),
        error: String(output?.message ?? "failed"),
        failedAt: iso(r.completed_on as Date | string),
        attempts: int(r.retry_count) + 1,
        subject: describeJob(r.data),
      };
    });
  }

  return {
    async status(): Promise<SystemStatus> {
      const [w, q, f] = await Promise.all([workers(), queues(), failures()]);
      return {
        mediaJobs: deps.mediaJobs,
        heartbeatSeconds: HEARTBEAT_SECONDS,
        onDemandWorker: embedded?.onDemand() ?? null,
        workers: w,
        queues: q,
        failures: f,
      };
    },
    /** The media worker this API forks on the embedded database: the screen says whether it runs on demand. */
    reportEmbeddedWorker(worker: { onDemand(): { running: boolean; idleStopSeconds: number } | null } | null) {
      embedded = worker;
    },
    /**
     * An admin runs a failed job once more. The job runner keeps its own connection, so the audit record is
     * written first (no retry is ever asked unrecorded), and a retry the runner then refuses is recorded after it.
     */
    async retry(queue: string, id: string, actor: AuditActor): Promise<void> {
      const { rows } = await jobs.sql(`SELECT state FROM ${schema}.job WHERE name = $1 AND id = $2`, [queue, id]);
      const state = (rows[0] as { state?: string } | undefined)?.state;
      if (!state) throw notFound("Job");
      if (state !== "failed") {
        const now = state === "active" ? "running" : state === "completed" ? "done" : "waiting to run";
        throw conflict(`Only a failed job can be run again; this one is ${now}.`);
      }
      const entry = { subjectType: "job", subjectId: id } as const;
      await recordAudit(db, actor, {
        ...entry,
        action: "system.job-retry",
        before: { queue, state },
        after: { queue, state: "retry" },
      });
      if (!(await jobs.retry(queue, id))) {
        await recordAudit(db, actor, {
          ...entry,
          action: "system.job-retry-failed",
          before: { queue, state: "retry" },
          after: { queue, state: "unchanged", reason: "no longer failed" },
        });
        throw conflict("This job is no longer failed.");
      }
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
