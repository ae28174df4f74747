import type { Checkout } from "@marquee/contracts/payments";
import { data, redirect } from "react-router";
import { errorMessage, isApiError } from "../lib/api.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/payment.checkout";

const KINDS = ["video", "gallery"] as const;

/**
 * A buy button's post (`kind`, `id`, maybe `couponCode`): the API makes the order at its own price, less the
 * coupon it checks again, and answers where to pay; the buyer
 * is sent there. A refusal comes back as `{ error }` for the button to show; a visitor is sent to log in first.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const kind = KINDS.find((k) => k === form.get("kind"));
  const id = String(form.get("id") ?? "");
  if (!kind || !/^[0-9a-f-]{36}$/i.test(id)) return data({ error: "Nothing to buy here." }, { status: 400 });
  const couponCode = String(form.get("couponCode") ?? "").trim();
  try {
    const made = await sessionApi(request, context).post<Checkout>(
      `/payment/purchase-${kind}/${id}`,
      couponCode ? { couponCode } : undefined,
    );
    return redirect(made.paymentUrl);
  } catch (e) {
    if (isApiError(e) && e.statusCode === 401) return redirect(pages.authLogin.path);
    return data({ error: errorMessage(e) }, { status: isApiError(e) ? e.statusCode : 502 });
  }
}
