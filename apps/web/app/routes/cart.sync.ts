import { handleIntents } from "../lib/actions.server.ts";
import type { Route } from "./+types/cart.sync";

/**
 * The browser's cart kept with a signed-in member's account (lib/cart-sync.ts), with the visitor's session: `merge`
 * adds the browser's lines to the saved cart (POST /cart/merge) and answers the merged cart with what was dropped or
 * cut; `save` replaces the saved cart with the browser's (PUT /cart). The API checks every line.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    merge: (api, payload) => api.post("/cart/merge", { items: payload.items }),
    save: (api, payload) => api.put("/cart", { items: payload.items }),
  });
}
