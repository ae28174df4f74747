import type { ChildProcess } from "node:child_process";
import type { JobsLog, SqlExecutor } from "./jobs.ts";

/**
 * pg-boss's SQL over a child process's IPC channel: the media worker the API forks on the embedded database (which
 * only the API process can open) sends its statements to the API, which runs them with `pgliteExecutor` (PGlite's
 * own locking). Nothing is exposed on a network; the channel exists only between the API and the child it forked
 * (with `serialization: "advanced"`, so dates and JSON values arrive as they left).
 */

interface SqlRequest {
  type: "marquee:sql";
  id: number;
  text: string;
  values: unknown[];
}
interface SqlAnswer {
  type: "marquee:sql-result";
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

/** In the forked worker: an executor whose statements the parent runs. Rejects everything once the parent is gone. */
export function ipcExecutor(): SqlExecutor {
  const send = process.send?.bind(process);
  if (!send) throw new Error("ipcExecutor: this process has no IPC channel (it was not forked)");
  let next = 0;
  const pending = new Map<number, { resolve(rows: unknown[]): void; reject(err: Error): void }>();
  process.on("message", (msg: SqlAnswer) => {
    if (msg?.type !== "marquee:sql-result") return;
    const waiting = pending.get(msg.id);
    if (!waiting) return;
    pending.delete(msg.id);
    if (msg.error) waiting.reject(Object.assign(new Error(msg.error.message), { code: msg.error.code }));
    else waiting.resolve(msg.rows ?? []);
  });
  process.on("disconnect", () => {
    for (const w of pending.values()) w.reject(new Error("the API process that owns the database is gone"));
    pending.clear();
  });
  return {
    executeSql(text, values = []) {
      const id = ++next;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: (rows) => resolve({ rows }), reject });
        const request: SqlRequest = { type: "marquee:sql", id, text, values };
        send(request, undefined, undefined, (err: Error | null) => {
          if (!err) return;
          pending.delete(id);
          reject(err);
        });
      });
    },
  };
}

/** In the API: runs the statements `child` sends with `executor` and answers each. */
export function serveSql(child: ChildProcess, executor: SqlExecutor, log: JobsLog): void {
  child.on("message", async (msg: SqlRequest) => {
    if (msg?.type !== "marquee:sql" || typeof msg.text !== "string") return;
    let answer: SqlAnswer;
    try {
      const { rows } = await executor.executeSql(msg.text, Array.isArray(msg.values) ? msg.values : []);
      answer = { type: "marquee:sql-result", id: msg.id, rows };
    } catch (err) {
      const e = err as { message?: string; code?: string };
      answer = { type: "marquee:sql-result", id: msg.id, error: { message: String(e.message ?? err), code: e.code } };
    }
    if (!child.connected) return;
    child.send(answer, (err) => {
      if (err) log.warn({ err }, "an answer to the media worker was lost");
    });
  });
}
