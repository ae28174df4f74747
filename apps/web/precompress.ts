import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What compresses: text formats (pictures, fonts and video are compressed already). */
export const COMPRESSIBLE = /\.(js|mjs|css|html|json|map|svg|txt|xml|webmanifest|ico)$/i;

/**
 * Every compressible file of the client build gets a brotli (`.br`, best quality) and a gzip (`.gz`, level 9) copy
 * beside it, once, at build: server.mjs (static-files.mjs) sends the copy the browser accepts instead of compressing
 * the same bytes again on each request.
 */
export function precompress(): Plugin {
  return {
    name: "marquee:precompress",
    apply: "build",
    // Once the server is built: React Router writes the route manifest (assets/manifest-*.js, which every page loads)
    // into the client's folder while it builds the server, after the client's own build has ended. The client's
    // folder is the server's sibling (build/client beside build/server).
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    async writeBundle(options) {
      if (options.dir) await compressAll(path.join(path.dirname(options.dir), "client"));
    },
  };
}

/** Writes the `.br` and `.gz` copies of every compressible file under `dir`. */
export async function compressAll(dir: string): Promise<void> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  // A few files at a time: brotli's best quality is CPU-heavy, and the machine may be shared.
  const queue = [...files];
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const bytes = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      }
    }),
  );
}
