import type { App } from "../app.ts";
import { DEMO_SEED_HEADER } from "../platform/access.ts";
import { DEMO_PASSWORD } from "./seed.ts";

export type DemoCall = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  headers?: Record<string, string>,
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field as each demo step needs it
) => Promise<any>;

/**
 * A demo account's requests through the app itself (the demo data go through the same rules as anyone's): logs in
 * as `username` and answers a caller (extra headers for a multipart body) whose failures name `what` is being made.
 */
export async function demoSession(app: App, username: string, what: string): Promise<DemoCall> {
  const res = await app.inject({ method: "POST", url: "/auth/login", payload: { username, password: DEMO_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`${what}: ${username} cannot log in (${res.statusCode})`);
  const authorization = `Bearer ${res.json().token as string}`;
  return async (method, url, payload, headers = {}) => {
    const answer = await app.inject({
      method,
      url,
      payload,
      headers: { ...headers, authorization, [DEMO_SEED_HEADER]: app.demoSeedKey },
    });
    if (answer.statusCode >= 300)
      throw new Error(`${what}: ${method} ${url} answered ${answer.statusCode} ${answer.body}`);
    return answer.json();
  };
}
