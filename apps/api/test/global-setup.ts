import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";

/**
 * Migrates one database per run, then every test file starts from a copy of it (DESIGN section 12):
 * a PGlite data-dir dump, or with TEST_DB=postgres a server database used as a template.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "marquee-test-"));
  const serverUrl = process.env.TEST_DB === "postgres" ? process.env.DATABASE_URL : undefined;
  let template: string | undefined;
  if (serverUrl) {
    template = `marquee_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
  } else {
    const database = await openDatabase({});
    await database.migrate();
    const dump = await (
      database as unknown as { pglite: { dumpDataDir(c: "none"): Promise<Blob> } }
    ).pglite.dumpDataDir("none");
    await writeFile(path.join(dir, "template.tar"), Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide("testDbDir", dir);
  project.provide("testDbTemplate", template ?? "");

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (serverUrl && template) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2",
        [`marquee_t_${process.pid}_%`, template],
      );
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.end();
    }
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    testDbDir: string;
    testDbTemplate: string;
  }
}
