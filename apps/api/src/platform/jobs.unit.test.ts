import { afterEach, describe, expect, it, vi } from "vitest";
import { createInProcessJobs, type Jobs, msUntilNext, parseCron } from "./jobs.ts";

function memoryLog() {
  const entries: { level: string; obj: Record<string, unknown>; msg?: string }[] = [];
  const at = (level: string) => (obj: object, msg?: string) =>
    entries.push({ level, obj: obj as Record<string, unknown>, msg });
  return { entries, info: at("info"), warn: at("warn"), error: at("error") };
}

const running: Jobs[] = [];
afterEach(async () => {
  for (const j of running.splice(0)) await j.stop();
  vi.useRealTimers();
});

async function started(retryDelayMs = 5) {
  const log = memoryLog();
  const jobs = createInProcessJobs({ log, retryDelayMs });
  running.push(jobs);
  await jobs.start();
  return { jobs, log };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("in-process jobs", () => {
  it("runs the jobs of a queue in the order they were sent, one at a time", async () => {
    const { jobs } = await started();
    const seen: number[] = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    await jobs.work<{ n: number }>("order", async ({ n }) => {
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await sleep(2);
      seen.push(n);
      concurrent--;
    });
    for (let n = 0; n < 8; n++) await jobs.send("order", { n });
    await jobs.idle();
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(maxConcurrent).toBe(1);
  });

  it("runs different queues side by side", async () => {
    const { jobs } = await started();
    const events: string[] = [];
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((r) => {
      releaseSlow = r;
    });
    await jobs.work("slow", async () => {
      events.push("slow:start");
      await slowGate;
      events.push("slow:end");
    });
    await jobs.work("fast", async () => {
      events.push("fast");
      releaseSlow();
    });
    await jobs.send("slow", {});
    await jobs.send("fast", {});
    await jobs.idle();
    expect(events).toEqual(["slow:start", "fast", "slow:end"]);
  });

  it("keeps jobs sent before the worker and runs them once it is registered", async () => {
    const { jobs } = await started();
    await jobs.send("later", { a: 1 });
    const seen: unknown[] = [];
    await jobs.work("later", async (data) => {
      seen.push(data);
    });
    await jobs.idle();
    expect(seen).toEqual([{ a: 1 }]);
  });

  it("retries a failing job and succeeds", async () => {
    const { jobs, log } = await started();
    let calls = 0;
    await jobs.work("flaky", async () => {
      calls++;
      if (calls < 3) throw new Error(`boom ${calls}`);
    });
    await jobs.send("flaky", {});
    await jobs.idle();
    expect(calls).toBe(3);
    expect(log.entries.filter((e) => e.level === "warn")).toHaveLength(2);
    expect(log.entries.filter((e) => e.level === "error")).toHaveLength(0);
  });

  it("logs (and does not throw) a job that still fails after its retries", async () => {
    const { jobs, log } = await started();
    let calls = 0;
    await jobs.work("broken", async () => {
      calls++;
      throw new Error("always");
    });
    await jobs.send("broken", {}, { retryLimit: 1 });
    await jobs.idle();
    expect(calls).toBe(2);
    const errors = log.entries.filter((e) => e.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]?.obj).toMatchObject({ job: "broken", attempts: 2 });
    expect((errors[0]?.obj.err as Error | undefined)?.message).toBe("always");

    // The queue keeps working afterwards.
    await jobs.send("broken", {}, { retryLimit: 0 });
    await jobs.idle();
    expect(calls).toBe(3);
  });

  it("retries twice by default, with a growing delay", async () => {
    const { jobs, log } = await started(20);
    const at: number[] = [];
    await jobs.work("backoff", async () => {
      at.push(Date.now());
      throw new Error("no");
    });
    await jobs.send("backoff", {});
    await jobs.idle();
    expect(at).toHaveLength(3);
    const [a, b, c] = at as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(18);
    expect(c - b).toBeGreaterThanOrEqual(38);
    expect(log.entries.map((e) => e.level)).toEqual(["warn", "warn", "error"]);
  });

  it("drops a job whose singletonKey is already waiting", async () => {
    const { jobs } = await started();
    const seen: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    await jobs.work<{ v: string }>("dedupe", async ({ v }) => {
      seen.push(v);
      if (v === "first") await gate;
    });
    await jobs.send("dedupe", { v: "first" }, { singletonKey: "k" }); // starts running
    await jobs.send("dedupe", { v: "second" }, { singletonKey: "k" }); // waits
    await jobs.send("dedupe", { v: "third" }, { singletonKey: "k" }); // dropped: "second" waits with k
    await jobs.send("dedupe", { v: "other" }, { singletonKey: "j" });
    release();
    await jobs.idle();
    expect(seen).toEqual(["first", "second", "other"]);
  });

  it("idle() resolves at once when nothing is queued, and waits for running jobs otherwise", async () => {
    const { jobs } = await started();
    await jobs.idle();
    let done = false;
    await jobs.work("wait", async () => {
      await sleep(30);
      done = true;
    });
    await jobs.send("wait", {});
    await jobs.idle();
    expect(done).toBe(true);
  });

  it("stop() waits for the running job and starts no other", async () => {
    const { jobs } = await started();
    const seen: number[] = [];
    await jobs.work<{ n: number }>("stopping", async ({ n }) => {
      await sleep(30);
      seen.push(n);
    });
    await jobs.send("stopping", { n: 1 });
    await jobs.send("stopping", { n: 2 });
    await jobs.stop();
    expect(seen).toEqual([1]);
    await sleep(50);
    expect(seen).toEqual([1]);
    await expect(jobs.send("stopping", { n: 3 })).rejects.toThrow(/start/);
    await jobs.idle(); // nothing more will run
  });

  it("refuses send() before start()", async () => {
    const jobs = createInProcessJobs({ log: memoryLog() });
    await expect(jobs.send("early", {})).rejects.toThrow(/start/);
  });

  it("sends scheduled jobs on the minute and stops doing so on stop()", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(new Date("2030-01-01T10:00:30Z"));
    const { jobs } = await started();
    const runs: number[] = [];
    await jobs.work("tick", async () => {
      runs.push(Date.now());
    });
    await jobs.schedule("tick", "* * * * *");
    await vi.advanceTimersByTimeAsync(29_000);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs.map((t) => new Date(t).toISOString())).toEqual(["2030-01-01T10:01:00.000Z"]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toHaveLength(3);
    await jobs.stop();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(runs).toHaveLength(3);
  });

  it("sends an hourly job at its minute", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(new Date("2030-01-01T10:20:00Z"));
    const { jobs } = await started();
    const runs: string[] = [];
    await jobs.work("hourly", async () => {
      runs.push(new Date().toISOString());
    });
    await jobs.schedule("hourly", "15 * * * *");
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs).toEqual(["2030-01-01T11:15:00.000Z"]);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs).toEqual(["2030-01-01T11:15:00.000Z", "2030-01-01T12:15:00.000Z"]);
  });
});

describe("cron patterns", () => {
  it("accepts the supported forms", () => {
    expect(parseCron("* * * * *")).toEqual({ everyMinutes: 1, atMinute: 0 });
    expect(parseCron("0 * * * *")).toEqual({ everyMinutes: 60, atMinute: 0 });
    expect(parseCron(" 59  * * * * ")).toEqual({ everyMinutes: 60, atMinute: 59 });
    expect(parseCron("*/15 * * * *")).toEqual({ everyMinutes: 15, atMinute: 0 });
  });

  it.each(["", "* * * *", "60 * * * *", "0 0 * * *", "*/7 * * * *", "*/0 * * * *", "a * * * *", "0 * * * * *"])(
    "refuses %j",
    (cron) => {
      expect(() => parseCron(cron)).toThrow(/unsupported cron/);
    },
  );

  it("computes the wait until the next matching minute", () => {
    const t = (iso: string) => Date.parse(iso);
    expect(msUntilNext(parseCron("* * * * *"), t("2030-01-01T10:00:30Z"))).toBe(30_000);
    expect(msUntilNext(parseCron("* * * * *"), t("2030-01-01T10:00:00Z"))).toBe(60_000);
    expect(msUntilNext(parseCron("15 * * * *"), t("2030-01-01T10:20:00Z"))).toBe(55 * 60_000);
    expect(msUntilNext(parseCron("15 * * * *"), t("2030-01-01T10:14:59Z"))).toBe(1000);
    expect(msUntilNext(parseCron("0 * * * *"), t("2030-01-01T10:59:00Z"))).toBe(60_000);
    expect(msUntilNext(parseCron("*/15 * * * *"), t("2030-01-01T10:16:00Z"))).toBe(14 * 60_000);
  });
});
