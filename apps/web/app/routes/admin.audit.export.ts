import { data } from "react-router";
import { AUDIT_FILTERS } from "../lib/audit.ts";
import { internalApiUrl } from "../lib/env.server.ts";
import { clientForwardedFor, requestToken } from "../lib/session.server.ts";
import type { Route } from "./+types/admin.audit.export";

/**
 * Admin → Audit trail → Export CSV: the API's streamed CSV of the filtered trail, passed through as it comes (the
 * browser's session is a cookie here; the API takes it as a bearer token). The API decides who may have it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = requestToken(request);
  if (!token) throw data("Please Login!", { status: 401 });
  const params = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const key of AUDIT_FILTERS) {
    const value = params.get(key)?.trim();
    if (value) query.set(key, value);
  }
  const xff = clientForwardedFor(request, context);
  const upstream = await fetch(`${internalApiUrl()}/admin/audit/export.csv?${query}`, {
    headers: { Authorization: `Bearer ${token}`, ...(xff ? { "X-Forwarded-For": xff } : {}) },
    signal: request.signal,
  });
  if (!upstream.ok || !upstream.body) {
    const body = (await upstream.json().catch(() => null)) as { message?: string } | null;
    throw data(body?.message ?? "The export failed.", { status: upstream.status });
  }
  return new Response(upstream.body, {
    headers: {
      "Content-Type": upstream.headers.get("Content-Type") ?? "text/csv; charset=utf-8",
      "Content-Disposition": upstream.headers.get("Content-Disposition") ?? 'attachment; filename="audit.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
