// Where a server's CPU time went: a V8 CPU profile (bench:ssr --profile DIR) summed by package, by function (self
// time) and by function with what it calls (inclusive time), over the profile's last seconds (the load, not the start).
// Usage: node --import tsx bench/cpu-profile.ts FILE [--last 10] [--top 30]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { last: { type: "string", default: "10" }, top: { type: "string", default: "30" } },
});
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = positionals[0];
if (!file) throw new Error("Usage: node --import tsx bench/cpu-profile.ts FILE [--last 10] [--top 30]");
const profile = JSON.parse(readFileSync(file, "utf8")) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
  startTime: number;
};
const top = Number(values.top);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Time per node over the window.
const from = profile.endTime - Number(values.last) * 1e6;
const spent = new Map<number, number>();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at >= from) spent.set(id, (spent.get(id) ?? 0) + delta);
});

const label = (n: Node) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(apps|packages)\//, "$1/");
  return `${functionName || "(anonymous)"} ${where}${where ? `:${lineNumber + 1}` : ""}`;
};
const packageOf = (n: Node) => {
  const { url, functionName } = n.callFrame;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (!url) return functionName;
  return url
    .replace(/^file:\/\/.*?\/(apps|packages)\//, "$1/")
    .split("/")
    .slice(0, 3)
    .join("/");
};
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const packages = new Map<string, number>();
let idle = 0;
let total = 0;
for (const [id, t] of spent) {
  const node = byId.get(id) as Node;
  total += t;
  if (node.callFrame.functionName === "(idle)") {
    idle += t;
    continue;
  }
  add(self, label(node), t);
  add(packages, packageOf(node), t);
  const seen = new Set<string>();
  for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
    const key = label(byId.get(up) as Node);
    if (!seen.has(key)) add(inclusive, key, t);
    seen.add(key);
  }
}
const busy = total - idle;
const print = (title: string, m: Map<string, number>) => {
  console.log(`-- ${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(v / 1000).toFixed(0).padStart(7)} ms ${((100 * v) / busy).toFixed(1).padStart(5)}%  ${k}`);
  }
};
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1000).toFixed(0)} ms (${((100 * busy) / total).toFixed(0)}%)`,
);
print("by package (self time)", packages);
print("by function (self time)", self);
print("by function with what it calls", inclusive);
