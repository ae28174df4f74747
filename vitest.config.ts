import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "apps/web/*.test.mjs",
            "apps/api/src/**/*.unit.test.ts",
            "scripts/*.test.mjs",
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts"],
          exclude: ["apps/api/src/**/*.unit.test.ts"],
          globalSetup: ["apps/api/test/global-setup.ts"],
          // Each file has a database of its own and spends most of its time waiting on it: three files at a time
          // on 2 cores took the PostgreSQL stage from about 9.5 to under 8 minutes on a machine loaded by other work
          // (vitest's default is one worker per core less one: a single worker here).
          maxWorkers: 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // What the app does in its own time (a job, a notification) may take seconds under that load; the default
          // of one second made such polls flaky. A poll still ends the moment its condition holds (test/harness.ts
          // has the same for vi.waitFor, which takes no default from here).
          expect: { poll: { timeout: 20_000, interval: 50 } },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          exclude: ["e2e/start/**", "e2e/scale/**"],
          globalSetup: ["e2e/global-setup.ts"],
          // A journey through several screens, each checked by axe, takes 15-30 s on CI and four times that on a
          // machine loaded by other work: the cap is for a hung test, not a measure of speed (bench/ measures that).
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A condition a screen reaches after a click may take seconds on a loaded 2-core CI machine; the default of
          // one second made such waits flaky. A poll still ends the moment its condition holds.
          expect: { poll: { timeout: 20_000, interval: 100 } },
        },
      },
      {
        // The production layout (issue 21): two API processes, a media worker, PostgreSQL, Redis, a bucket and the
        // built web server, each a process of its own (e2e/scale/cluster.ts). Needs `npm run build`, DATABASE_URL
        // and REDIS_URL; says so and skips without the last two.
        test: {
          name: "scale",
          include: ["e2e/scale/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // `npm start` itself, run as a newcomer would: its own servers, no global set-up.
        test: {
          name: "start",
          include: ["e2e/start/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
