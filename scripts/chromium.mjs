// The Chromium the end-to-end tests and benchmarks drive: `CHROMIUM_PATH` when set, otherwise the build shipped
// inside the `@sparticuz/chromium` npm package (unpacked to the temp folder on first use), so that a machine with
// only Node runs the same browser as every other.

/** Flags for a headless browser on a closed network (no background connections, no sandbox as root). */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** @returns {Promise<string>} */
export async function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const { default: chromium } = await import("@sparticuz/chromium");
  return chromium.executablePath();
}
