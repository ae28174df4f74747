// bench:media's measuring tools: the CPU, memory and writes of processes from /proc, and the load (wrk, or a Node
// generator).
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import http from "node:http";

/** How long an API process may take to start: minutes on a machine loaded by other work. */
export const START_MS = 600_000;

export const which = (cmd: string) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

// ---------------------------------------------------------------------------------------------------------------
// CPU of processes, from /proc (utime + stime, in clock ticks), children included (the web server's cluster).

const TICKS = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim()) || 100;

export async function childrenOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, "utf8").catch(() => "");
  const direct = text.trim().split(/\s+/).filter(Boolean).map(Number);
  return [...direct, ...(await Promise.all(direct.map(childrenOf))).flat()];
}

async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  // The command name may hold spaces: the fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS || 0;
}

/** The CPU-seconds of each named process tree so far. */
export async function cpuOf(trees: Record<string, number>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, pid] of Object.entries(trees)) {
    let total = 0;
    for (const p of [pid, ...(await childrenOf(pid))]) total += await cpuSeconds(p);
    out[name] = total;
  }
  return out;
}

/** A process's resident memory now, bytes (/proc/<pid>/status VmRSS); 0 once it has gone. */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * The bytes a process has written so far through system calls, to files, pipes and sockets alike (/proc/<pid>/io
 * `wchar`): every byte it sends to a client is among them.
 */
export async function writtenBy(pid: number): Promise<number> {
  const io = await readFile(`/proc/${pid}/io`, "utf8").catch(() => "");
  return Number(/^wchar: (\d+)/m.exec(io)?.[1] ?? Number.NaN);
}

// ---------------------------------------------------------------------------------------------------------------
// Load: wrk when installed, else a bounded Node generator (keep-alive, `connections` requests in flight).

export interface Load {
  requests: number;
  seconds: number;
  /** Response bodies, bytes. */
  bytes: number;
  p99Ms: number;
  errors: number;
}

function wrkDuration(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) return Number.NaN;
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as "us" | "ms" | "s" | "m"];
  return Number(m[1]) * scale;
}

export function loadWithWrk(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  body: number,
  connections: number,
): Load {
  const args = ["-t2", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  const run = spawnSync("wrk", [...args, url], { encoding: "utf8", timeout: (seconds + 30) * 1000 });
  const out = run.stdout ?? "";
  const done = /(\d+) requests in ([\d.]+\w+)/.exec(out);
  const requests = Number(done?.[1] ?? 0);
  const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = bad + (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0);
  return {
    requests,
    seconds: wrkDuration(done?.[2] ?? "") / 1000,
    bytes: (requests - bad) * body,
    p99Ms: wrkDuration(/ 99%\s+(\S+)/.exec(out)?.[1] ?? ""),
    errors,
  };
}

export async function loadWithNode(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const until = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let bytes = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const ok = await new Promise<boolean>((resolve) => {
          const req = http.get(url, { agent, headers }, (res) => {
            res.on("data", (c: Buffer) => {
              bytes += c.length;
            });
            res.on("end", () => resolve((res.statusCode ?? 0) < 300));
            res.on("error", () => resolve(false));
          });
          req.setTimeout(10_000, () => req.destroy());
          req.on("error", () => resolve(false));
        });
        if (ok) latencies.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length + errors,
    seconds: (performance.now() - started) / 1000,
    bytes,
    p99Ms: latencies[Math.min(latencies.length - 1, Math.floor(0.99 * latencies.length))] ?? Number.NaN,
    errors,
  };
}
