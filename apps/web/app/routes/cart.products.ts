import type { Product } from "@marquee/contracts/products";
import { data } from "react-router";
import { errorMessage, gatewayFailure, isApiError } from "../lib/api.ts";
import { isUuid } from "../lib/list-params.ts";
import { sessionApi } from "../lib/session.server.ts";
import { PRODUCTS_SEARCH_PATH } from "../lib/store.ts";
import { MAX_ITEMS } from "../state/cart.ts";
import type { Route } from "./+types/cart.products";

/**
 * The cart page's products as they are now (`?ids=` repeated, as the browser's cart holds them): `{ products }`, or
 * `{ error }` with the API's status for the page to show with its Try again. `key` names the ids asked (joined by
 * commas, as sent), so the page can tell an answer for the cart it holds now. Ids that cannot be products are not
 * asked for.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.getAll("ids");
  const key = asked.join(",");
  const ids = [...new Set(asked.filter(isUuid))].slice(0, MAX_ITEMS);
  if (!ids.length) return { key, products: [] as Product[], error: null, statusCode: 200 };
  try {
    const page = await sessionApi(request, context).get<{ data: Product[] }>(PRODUCTS_SEARCH_PATH, {
      ids,
      limit: MAX_ITEMS,
    });
    return { key, products: page.data, error: null, statusCode: 200 };
  } catch (e) {
    const gateway = gatewayFailure(e);
    const statusCode = gateway?.status ?? (isApiError(e) && e.statusCode >= 400 ? e.statusCode : 502);
    return data(
      { key, products: null, error: gateway?.message ?? errorMessage(e), statusCode },
      { status: statusCode },
    );
  }
}
