import { data } from "react-router";
import { errorMessage, isApiError } from "../lib/api.ts";
import { sessionApi } from "../lib/session.server.ts";
import type { Route } from "./+types/admin.reports.export";

/**
 * The admin's monthly CSV of reports (`?month=2026-11`), read from the API with the admin's session and handed to
 * the browser as a download. The API decides who may have it (admins) and refuses a bad month.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const month = new URL(request.url).searchParams.get("month") ?? "";
  try {
    const csv = await sessionApi(request, context).get<string>("/admin/reports/export", { month });
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="reports-${month}.csv"`,
        "cache-control": "no-store",
      },
    });
  } catch (e) {
    return data({ error: errorMessage(e) }, { status: isApiError(e) ? e.statusCode : 502 });
  }
}
