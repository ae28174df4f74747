import type { App } from "../app.ts";
import { DEMO_SEED_HEADER } from "../platform/access.ts";
import { DEMO_PASSWORD } from "./seed.ts";

/** A multipart/form-data body with text `fields` and one file part named `file`, for `app.inject`. */
function multipart(data: Buffer, filename: string, type: string, fields: Record<string, string> = {}) {
  const boundary = `----marquee${Math.random().toString(16).slice(2)}`;
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${texts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * The demo admin calling the API's own routes (app.inject), as the demo seeding does: null when the demo admin cannot
 * log in (its password was changed). Any answer of 300 or more throws, naming the route.
 */
export async function demoAdminClient(app: App) {
  const login = await app.inject({
    method: "POST",
    url: "/auth/login",
    payload: { username: "admin", password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) return null;
  const token = login.json().token as string;
  const headers = { authorization: `Bearer ${token}`, [DEMO_SEED_HEADER]: app.demoSeedKey };
  const call = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
    const res = await app.inject({ method, url, payload, headers });
    if (res.statusCode >= 300)
      throw new Error(`demo catalogue: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const upload = async (url: string, data: Buffer, filename: string, type: string, fields?: Record<string, string>) => {
    const body = multipart(data, filename, type, fields);
    const res = await app.inject({
      method: "POST",
      url,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
    if (res.statusCode >= 300) throw new Error(`demo catalogue: upload ${url} answered ${res.statusCode} ${res.body}`);
    return res.json();
  };
  return { call, upload };
}
export type DemoAdminClient = NonNullable<Awaited<ReturnType<typeof demoAdminClient>>>;
