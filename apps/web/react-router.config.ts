import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Every page knows every route from its first load. With lazy discovery a fetcher sent to a route the page had not
  // yet learnt (a download's or a checkout's resource route) was matched to the catch-all page first, and its answer
  // for that route ("No result found for routeId notFound") showed the error page (e2e/orders.test.ts, 1 run in 3).
  // The whole manifest costs each page some KB of HTML.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
