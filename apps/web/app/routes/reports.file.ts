import { handleIntents } from "../lib/actions.server.ts";
import type { Route } from "./+types/reports.file";

/**
 * The Report buttons' post (components/reports/ReportButton.tsx): files the report with the visitor's session (a
 * member's own address is used) and the captcha's token; the API's field errors come back for the form.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    file: (api, payload) => api.post("/reports", payload),
  });
}
