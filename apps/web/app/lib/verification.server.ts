import type { OwnVerification } from "@marquee/contracts/verification";
import type { AppLoadContext } from "react-router";
import { msg } from "../i18n/i18n.ts";
import { loaded } from "./actions.server.ts";
import { countryList } from "./lookups.server.ts";
import { sessionApi } from "./session.server.ts";

/** The viewer's verification and the countries of the apply form, for /verification and /studio/verification. */
export async function loadVerification(request: Request, context: AppLoadContext | undefined) {
  const api = sessionApi(request, context);
  const [own, countries] = await Promise.all([
    loaded(api.get<OwnVerification>("/verification"), msg("Could not load your verification.")),
    countryList(api).catch(() => []),
  ]);
  return { verification: own.result, error: own.error, countries };
}
