import type { Performer } from "@marquee/contracts/performers";
import type { User } from "@marquee/contracts/users";
import { data } from "react-router";
import { LOOKUPS, type LookupOption } from "../lib/admin-lookups.ts";
import { sessionApi } from "../lib/session.server.ts";
import type { Route } from "./+types/admin.lookups";

/** At most this many choices per search: the picker narrows as the admin types. */
const LIMIT = 20;

/**
 * The choices matching `q` (the first ones by name when empty), as `{ options }`. The API decides who may ask (its
 * admin routes answer 403 to anyone else), so a non-admin gets no choices; an unknown kind is a 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind");
  const q = (params.get("q") ?? "").trim().slice(0, 200) || undefined;
  const api = sessionApi(request, context);
  let options: Promise<LookupOption[]>;
  if (kind === "performers") {
    options = api
      .get<{ data: Performer[] }>("/admin/performers", { q, status: "all", sortBy: "name", sort: "asc", limit: LIMIT })
      .then((res) => res.data.map((p) => ({ value: p._id, label: `${p.name} (@${p.username})`, name: p.name })));
  } else if (kind === "accounts") {
    options = api
      .get<{ data: User[] }>("/users/search", { q, role: "user", status: "active", limit: LIMIT })
      .then((res) => res.data.map((u) => ({ value: u._id, label: `${u.name} (@${u.username})`, name: u.name })));
  } else {
    // i18n-exempt: an API answer for a developer, not a screen text
    throw data({ message: `Unknown lookup: use kind=${LOOKUPS.join(" or ")}` }, { status: 400 });
  }
  return { options: await options.catch(() => [] as LookupOption[]) };
}
