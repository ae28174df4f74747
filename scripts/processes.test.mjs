import { spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { STARTUP_FAILURE_EXIT_CODE } from "../apps/web/startup-errors.mjs";
import { supervise } from "./processes.mjs";

/** A stand-in server: a node process that runs until killed, or exits with `code` after `ms`. */
const dummy = ({ ms, code = 0 } = {}) =>
  spawn(process.execPath, [
    "-e",
    ms === undefined ? "setInterval(() => {}, 1000)" : `setTimeout(() => process.exit(${code}), ${ms})`,
  ]);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(check, timeoutMs = 10_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await sleep(20);
  }
}

const supervisors = [];
afterEach(async () => {
  for (const s of supervisors.splice(0)) await s.stop();
});

describe("supervise", { timeout: 20_000 }, () => {
  it("restarts a killed server, saying so in one line, and stops for good on stop()", async () => {
    const lines = [];
    let starts = 0;
    const s = supervise(
      "API",
      () => {
        starts++;
        return dummy();
      },
      { log: (line) => lines.push(line), minDelayMs: 50 },
    );
    supervisors.push(s);
    const first = s.child;
    await until(() => first.pid !== undefined);
    first.kill("SIGKILL");
    await until(() => starts === 2);
    expect(lines).toEqual(["API exited (signal SIGKILL); restarting in 50 ms"]);
    const second = s.child;
    expect(second).not.toBe(first);
    expect(second.exitCode).toBeNull();

    await s.stop();
    expect(second.signalCode).toBe("SIGTERM");
    await sleep(150);
    expect(starts).toBe(2);
    expect(lines).toHaveLength(1);
  });

  it("doubles the delay up to its cap, and starts again from the shortest once a server stayed up", async () => {
    /** A process stand-in whose lifetime the test sets exactly (real ones take a while to start). */
    const fake = (lifeMs, code) => {
      const child = Object.assign(new EventEmitter(), { exitCode: null, signalCode: null, kill() {} });
      setTimeout(() => {
        child.exitCode = code;
        child.emit("exit", code, null);
      }, lifeMs);
      return child;
    };
    const lines = [];
    let starts = 0;
    // Three quick deaths, then one that stays up past resetAfterMs before it dies too.
    const s = supervise("Web server", () => (++starts <= 3 ? fake(0, 3) : fake(400, 1)), {
      log: (line) => lines.push(line),
      minDelayMs: 20,
      maxDelayMs: 40,
      resetAfterMs: 300,
    });
    supervisors.push(s);
    await until(() => lines.length === 4);
    expect(lines).toEqual([
      "Web server exited (code 3); restarting in 20 ms",
      "Web server exited (code 3); restarting in 40 ms",
      "Web server exited (code 3); restarting in 40 ms",
      "Web server exited (code 1); restarting in 20 ms",
    ]);
  });

  it("takes over a process started before, also one that already died", async () => {
    const lines = [];
    const first = dummy({ ms: 0, code: 2 });
    await new Promise((r) => first.once("exit", r));
    const s = supervise("API", () => dummy(), { first, log: (line) => lines.push(line), minDelayMs: 10 });
    supervisors.push(s);
    expect(lines).toEqual(["API exited (code 2); restarting in 10 ms"]);
    await until(() => s.child !== first);
    expect(s.child.exitCode).toBeNull();
  });

  it("does not restart a server that failed to start (exit 78: a taken port, a full disk), and says so once", async () => {
    const lines = [];
    const gaveUp = [];
    let starts = 0;
    const s = supervise(
      "API",
      () => {
        starts++;
        return starts === 1 ? dummy({ ms: 0, code: 1 }) : dummy({ ms: 0, code: STARTUP_FAILURE_EXIT_CODE });
      },
      { log: (line) => lines.push(line), minDelayMs: 10, onStartupFailure: (child) => gaveUp.push(child.exitCode) },
    );
    supervisors.push(s);
    await until(() => gaveUp.length === 1);
    await sleep(100);
    expect(starts).toBe(2);
    expect(gaveUp).toEqual([STARTUP_FAILURE_EXIT_CODE]);
    expect(lines).toEqual(["API exited (code 1); restarting in 10 ms"]);
  });

  it("does not restart a process that finished its work, and says so to onFinished only", async () => {
    const lines = [];
    const finished = [];
    let starts = 0;
    const s = supervise(
      "Media worker",
      () => {
        starts++;
        return starts === 1 ? dummy({ ms: 0, code: 1 }) : dummy({ ms: 0, code: 75 });
      },
      {
        log: (line) => lines.push(line),
        minDelayMs: 10,
        finished: (child) => child.exitCode === 75,
        onFinished: (child) => finished.push(child.exitCode),
      },
    );
    supervisors.push(s);
    await until(() => finished.length === 1);
    await sleep(100);
    expect(starts).toBe(2);
    expect(finished).toEqual([75]);
    expect(lines).toEqual(["Media worker exited (code 1); restarting in 10 ms"]);
  });
});
