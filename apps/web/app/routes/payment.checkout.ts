import type { Checkout } from "@marquee/contracts/payments";
import { data, redirect } from "react-router";
import { errorMessage, isApiError } from "../lib/api.ts";
import { checkoutCall } from "../lib/payments.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/payment.checkout";

/**
 * A buy or subscribe button's post (`kind`: video, gallery, package or performer; `id`; for a performer `period`;
 * maybe `couponCode`): the API makes the order at its own price, less the coupon it checks again, and answers where
 * to pay; the buyer is sent there. A refusal comes back as `{ error }` for the button to show; a visitor is sent to
 * log in first.
 */
export async function action({ request, context }: Route.ActionArgs) {
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
