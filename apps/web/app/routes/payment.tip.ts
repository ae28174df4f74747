import type { Checkout } from "@marquee/contracts/payments";
import { data, redirect } from "react-router";
import { errorMessage, isApiError } from "../lib/api.ts";
import { fieldErrorsFrom } from "../lib/form-errors.ts";
import { sessionApi } from "../lib/session.server.ts";
import { tipCall } from "../lib/tips.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/payment.tip";

/**
 * A Tip button's post (`performerId`, `amount`, maybe `message` and `source`): the API checks the amount against the
 * site's range, makes the order and answers where to pay; the member is sent there. A refusal comes back as
 * `{ error, fields }` for the form to show at its fields; a visitor is sent to log in first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const call = tipCall(Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])));
  if (!call) {
    return data({ error: "Choose an amount to tip.", fields: { amount: "Choose an amount to tip." } }, { status: 400 });
  }
  try {
    const made = await sessionApi(request, context).post<Checkout>("/tips", call);
    return redirect(made.paymentUrl);
  } catch (e) {
    if (isApiError(e) && e.statusCode === 401) return redirect(pages.authLogin.path);
    return data({ error: errorMessage(e), fields: fieldErrorsFrom(e) }, { status: isApiError(e) ? e.statusCode : 502 });
  }
}
