import type { DownloadLink } from "@marquee/contracts/products";
import { data, redirect } from "react-router";
import { errorMessage, gatewayFailure, isApiError } from "../lib/api.ts";
import { sessionApi } from "../lib/session.server.ts";
import type { Route } from "./+types/store.download";

/**
 * A bought digital product's short-lived signed link (components/store/use-download.ts), asked with the visitor's
 * session: `{ url }`, or `{ error }` with the API's status for the toast; a session the API refuses goes to log in.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const link = await sessionApi(request, context).get<DownloadLink>(
      `/user/assets/products/${encodeURIComponent(params.id)}/download-link`,
    );
    return { url: link.url, error: null, statusCode: 200 };
  } catch (e) {
    if (isApiError(e) && e.statusCode === 401) throw redirect("/login");
    const gateway = gatewayFailure(e);
    const statusCode = gateway?.status ?? (isApiError(e) && e.statusCode >= 400 ? e.statusCode : 502);
    return data({ url: null, error: gateway?.message ?? errorMessage(e), statusCode }, { status: statusCode });
  }
}
