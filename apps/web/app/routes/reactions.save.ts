import { handleIntents, type Payload, textOf } from "../lib/actions.server.ts";
import type { Route } from "./+types/reactions.save";

/** The reaction a payload names: the item (`objectType`, `objectId`) and the `action` (like, favourite, watch later). */
const reactionOf = (payload: Payload) => ({
  objectType: textOf(payload, "objectType"),
  objectId: textOf(payload, "objectId"),
  action: textOf(payload, "action"),
});

/**
 * The reaction buttons' clicks (components/reactions/ReactionButtons.tsx), with the visitor's session: `add` and
 * `remove` answer the reaction's state and the item's counters as the API has them.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    add: (api, payload) => api.post("/reactions", reactionOf(payload)),
    remove: (api, payload) => api.del("/reactions", reactionOf(payload)),
  });
}
