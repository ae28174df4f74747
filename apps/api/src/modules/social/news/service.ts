import type { Jobs } from "../../../platform/jobs.ts";
import { type AnnounceDeps, createAnnouncer } from "./announce.ts";
import { createDigest, type DigestDeps } from "./digest.ts";
import type { NewsSource } from "./sources.ts";

/** The news jobs: the scan for new items (every minute) and the digest mails (every quarter hour). */
export const NEWS_JOBS = { announce: "news.announce", digest: "news.digest" } as const;
export const NEWS_SCHEDULES: Record<keyof typeof NEWS_JOBS, string> = { announce: "* * * * *", digest: "*/15 * * * *" };

/**
 * News of new items (issue 25 section 1): in the app (announce.ts) and by email digest (digest.ts). The catalogue's
 * sources come in `sources`; the feed posts' module adds its own with `addSource`.
 */
export function createNews(deps: AnnounceDeps & Omit<DigestDeps, "db" | "log"> & { sources: NewsSource[] }) {
  const announcer = createAnnouncer(deps);
  for (const source of deps.sources) announcer.addSource(source);
  const digest = createDigest(deps);

  return {
    /** Scans every source once and tells what is new (the job's handler; tests call it). */
    announceNow: announcer.announceNow,
    addSource: announcer.addSource,
    digest,
    /** Mails every due member their digest (the job's handler; tests call it with a later `now`). */
    sendDigests: digest.sendDigests,
    /** The jobs' handlers; main.ts schedules them (NEWS_SCHEDULES). */
    async registerJobs(jobs: Pick<Jobs, "work">) {
      await jobs.work(NEWS_JOBS.announce, async () => announcer.announceNow());
      await jobs.work(NEWS_JOBS.digest, async () => digest.sendDigests());
    },
    /** Schedules the jobs (main.ts, once the app has started). */
    async schedule(jobs: Pick<Jobs, "schedule">) {
      await jobs.schedule(NEWS_JOBS.announce, NEWS_SCHEDULES.announce);
      await jobs.schedule(NEWS_JOBS.digest, NEWS_SCHEDULES.digest);
    },
  };
}
export type News = ReturnType<typeof createNews>;
