import { defineConfig } from "vitest/config";

// Unit tests of the web app: pure reducers, the API client and the socket status machine.
// Kept apart from vite.config.ts so the React Router plugin is not loaded under Vitest.
export default defineConfig({
  test: {
    name: "web",
    root: import.meta.dirname,
    include: ["app/**/*.test.ts"],
    environment: "node",
  },
});
