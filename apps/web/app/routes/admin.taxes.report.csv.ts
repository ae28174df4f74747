import { data } from "react-router";
import { internalApiUrl } from "../lib/env.server.ts";
import { clientForwardedFor, requestToken } from "../lib/session.server.ts";
import type { Route } from "./+types/admin.taxes.report.csv";

/**
 * Admin → Taxes → the tax report of a period as CSV: the API's file passed through (the browser's session is a
 * cookie here; the API takes it as a bearer token). The API decides who may have it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = requestToken(request);
  if (!token) throw data("Please Login!", { status: 401 });
  const xff = clientForwardedFor(request, context);
  const url = new URL(request.url);
  const query = new URLSearchParams({ from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" });
  const upstream = await fetch(`${internalApiUrl()}/admin/taxes/report/csv?${query}`, {
    headers: { Authorization: `Bearer ${token}`, ...(xff ? { "X-Forwarded-For": xff } : {}) },
    signal: request.signal,
  });
  if (!upstream.ok) {
    const body = (await upstream.json().catch(() => null)) as { message?: string } | null;
    throw data(body?.message ?? "The tax report could not be made.", { status: upstream.status });
  }
  return new Response(await upstream.text(), {
    headers: {
      "Content-Type": upstream.headers.get("Content-Type") ?? "text/csv; charset=utf-8",
      "Content-Disposition": upstream.headers.get("Content-Disposition") ?? `attachment; filename="tax-report.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
