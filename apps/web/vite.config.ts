import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { appShellChunk } from "./app-shell-chunk.ts";
import { bundleReport } from "./bundle-report.ts";
import { lazyPortals } from "./lazy-portals.ts";
import { mantineStyles } from "./mantine-styles.ts";
import { precompress } from "./precompress.ts";

// `react-router dev` forwards the API's prefix and the socket to the API like server.mjs does (one public origin).
const api = process.env.API_INTERNAL_URL || `http://127.0.0.1:${process.env.API_PORT || 4000}`;

export default defineConfig({
  plugins: [lazyPortals(), mantineStyles(), appShellChunk(), reactRouter(), precompress(), bundleReport()],
  // The server build takes in the icon set and Mantine instead of importing their packages whole at run time: only
  // what the pages use is loaded (each server process held some 90 MB more with their every module loaded).
  ssr: { noExternal: ["@tabler/icons-react", /^@mantine\//] },
  server: {
    port: Number(process.env.WEB_PORT ?? 3000),
    proxy: {
      "^/api(/|$)": { target: api, xfwd: true },
      "/socket.io/": { target: api, ws: true, xfwd: true },
    },
  },
});
