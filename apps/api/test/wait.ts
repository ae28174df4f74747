/**
 * Options for `vi.waitFor` on what the app does in its own time (a job, a notification, a socket event, a response
 * finishing): vitest's default of one second is often too short on a loaded 2-core machine, and a wait ends as soon as
 * its condition holds. (`expect.poll` has the same default for the api project, in vitest.config.ts.) Also exported by
 * harness.ts; this module is for tests that do not build an app.
 */
export const WAIT = { timeout: 20_000, interval: 50 } as const;
