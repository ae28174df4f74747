import type { Checkout } from "@marquee/contracts/payments";
import type { TaxPlaces } from "@marquee/contracts/taxes";
import { data, redirect } from "react-router";
import { handleIntents, loaded } from "../lib/actions.server.ts";
import { errorMessage, isApiError } from "../lib/api.ts";
import { countryList } from "../lib/lookups.server.ts";
import { checkoutCall } from "../lib/payments.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/payment.checkout";

/**
 * What the buy buttons' billing country field needs (components/payments/CheckoutForm.tsx): where the site charges
 * tax (no field while it charges none) and every country to choose from.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const [taxes, countries] = await Promise.all([
    loaded(api.get<TaxPlaces>("/taxes/places"), "Could not load the tax rates."),
    loaded(countryList(api), "Could not load the country list."),
  ]);
  return { taxes: taxes.result, countries: countries.result ?? [] };
}

/**
 * A buy or subscribe button's post (`kind`: video, gallery, package or performer; `id`; for a performer `period`;
 * maybe `couponCode`): the API makes the order at its own price, less the coupon it checks again, and answers where
 * to pay; the buyer is sent there. A refusal comes back as `{ error }` for the button to show; a visitor is sent to
 * log in first. A JSON post is a coupon's quote instead (see below).
 */
export async function action({ request, context }: Route.ActionArgs) {
  // A coupon tried before checkout (components/payments/CheckoutForm.tsx): `quote` with the code and what is bought
  // answers the price it makes (read only), or why the code cannot be used.
  if (request.headers.get("Content-Type")?.includes("application/json")) {
    // The tax of a billing place (`taxQuote`, read only): net, tax and gross before the buyer pays.
    return handleIntents(request, context, {
      quote: (api, payload) => api.post("/coupons/quote", payload),
      taxQuote: (api, payload) => api.post("/taxes/quote", payload),
    });
  }
  const form = await request.formData();
  const call = checkoutCall(Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])));
  if (!call) return data({ error: "Nothing to buy here." }, { status: 400 });
  try {
    const made = await sessionApi(request, context).post<Checkout>(call.path, call.body);
    return redirect(made.paymentUrl);
  } catch (e) {
    if (isApiError(e) && e.statusCode === 401) return redirect(pages.authLogin.path);
    return data({ error: errorMessage(e) }, { status: isApiError(e) ? e.statusCode : 502 });
  }
}
