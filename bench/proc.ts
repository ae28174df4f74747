// CPU time and memory of a process and its descendants, read from /proc (Linux): what a page costs each server.
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 1000 / 100; // USER_HZ: 100 on Linux

function stat(pid: number): { ppid: number; cpuMs: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: the fields start after its last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** `pid` and every process below it. */
export function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    const child = Number(name);
    if (!Number.isInteger(child)) continue;
    const s = stat(child);
    if (s) children.set(s.ppid, [...(children.get(s.ppid) ?? []), child]);
  }
  const out: number[] = [];
  const visit = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return out;
}

/** User and system CPU time of the process tree so far, in ms (exited children not counted). */
export function cpuMs(pid: number): number {
  return tree(pid).reduce((sum, p) => sum + (stat(p)?.cpuMs ?? 0), 0);
}

export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Each process of the tree with its command line and resident memory. */
export function treeRss(pid: number): { pid: number; command: string; mb: number }[] {
  return tree(pid).map((p) => {
    let command = "";
    try {
      command = readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0").filter(Boolean).slice(0, 4).join(" ");
    } catch {}
    return { pid: p, command, mb: rssMb(p) };
  });
}
