import { handleIntents, textOf } from "../lib/actions.server.ts";
import type { Route } from "./+types/social.action";

const one = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/**
 * The follow buttons' and feed posts' saves (components/social): follow and unfollow a performer (each answers the
 * follow state), vote in a post's poll (answers the poll), edit a post's text and delete a post. The API's refusals
 * come back with its field details for the form; a visitor is sent to log in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    follow: (api, p) => api.put(one("/follows", textOf(p, "performerId"))),
    unfollow: (api, p) => api.del(one("/follows", textOf(p, "performerId"))),
    vote: (api, p) => api.post(`${one("/feed-posts", textOf(p, "id"))}/vote`, { optionId: textOf(p, "optionId") }),
    update: (api, p) => api.request(one("/feed-posts", textOf(p, "id")), { method: "PATCH", body: p.body }),
    delete: (api, p) => api.del(one("/feed-posts", textOf(p, "id"))),
  });
}
