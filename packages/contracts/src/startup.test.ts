import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockHolder, processAlive } from "./startup.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "marquee-lock-"));
const lockFile = path.join(dir, "db.lock");
afterEach(() => rmSync(lockFile, { force: true }));

/** A process that lives for `ms`, and its exit. */
function liveFor(ms: number) {
  const child = spawn(process.execPath, ["-e", `setTimeout(() => {}, ${ms})`], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { pid: child.pid as number, exited, kill: () => child.kill("SIGKILL") };
}

describe("the embedded database's lock holder", () => {
  it("is nobody without a lock file, or when the lock names no process or a dead one", async () => {
    expect(await lockHolder(lockFile)).toBeNull();
    writeFileSync(lockFile, "not a pid");
    expect(await lockHolder(lockFile)).toBeNull();
    const gone = liveFor(0);
    await gone.exited;
    writeFileSync(lockFile, String(gone.pid));
    expect(processAlive(gone.pid)).toBe(false);
    expect(await lockHolder(lockFile)).toBeNull();
  });

  it("is a running owner that stays", async () => {
    const owner = liveFor(30_000);
    try {
      writeFileSync(lockFile, String(owner.pid));
      const started = Date.now();
      expect(await lockHolder(lockFile, 300)).toBe(owner.pid);
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    } finally {
      owner.kill();
    }
  });

  it("is nobody when the owner, killed a moment ago, finishes dying within the grace time", async () => {
    const owner = liveFor(30_000);
    writeFileSync(lockFile, String(owner.pid));
    // Killed just as the next start looks: it must wait for the death rather than refuse.
    setTimeout(owner.kill, 200);
    expect(await lockHolder(lockFile, 5_000)).toBeNull();
  });
});
