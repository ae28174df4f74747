/**
 * Tips (issue 24 section 2): where the Tip buttons post, the presets they offer within the site's range, and the
 * realtime event that moves a performer's goal. No zod here: this module reaches the browser.
 */

/** Where the Tip buttons post: the tip resource route (routes/payment.tip.ts). */
export const TIP_PATH = "/payment/tip";

export const TIP_MESSAGE_MAX = 500;

/** Where a tip is given from (@marquee/contracts/tips tipSources). */
export type TipSource = "profile" | "video" | "gallery" | "comment";

const PRESETS = [5, 10, 20, 50, 100];

/** The preset amounts the site's range allows; the minimum itself when none of them fits. */
export function tipPresets(min: number, max: number): number[] {
  const fit = PRESETS.filter((n) => n >= min && n <= max);
  return fit.length ? fit : [min];
}

/** A tip amount from the form: a positive number of at most two decimals, else null. */
export function tipAmount(raw: string | number | null | undefined): number | null {
  const n =
    typeof raw === "number"
      ? raw
      : Number(
          String(raw ?? "")
            .replace(",", ".")
            .trim(),
        );
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.round(n * 100) / 100;
}

/** The API call a Tip form stands for, or null when it names no performer or amount. */
export function tipCall(form: Record<string, string>): {
  performerId: string;
  amount: number;
  message?: string;
  source?: TipSource;
  billingCountry?: string;
  billingRegion?: string;
} | null {
  const performerId = (form.performerId ?? "").trim();
  const amount = tipAmount(form.amount);
  if (!/^[0-9a-f-]{36}$/i.test(performerId) || amount === null) return null;
  const message = (form.message ?? "").trim();
  const source = (["profile", "video", "gallery", "comment"] as const).find((s) => s === form.source);
  // The billing place a taxed site asks in the dialog (components/payments/CheckoutForm.tsx BillingFields).
  const billing = Object.fromEntries(
    (["billingCountry", "billingRegion"] as const).flatMap((k) => (form[k]?.trim() ? [[k, form[k].trim()]] : [])),
  );
  return { performerId, amount, ...(message ? { message } : {}), ...(source ? { source } : {}), ...billing };
}

/** A performer's goal as the API gives it (GET /tips/goal/:id and the live event). */
export interface TipGoalView {
  _id: string;
  performerId: string;
  title: string;
  target: number;
  progress: number;
  currency: string;
  startedAt: string;
}
export interface TipGoalAnswer {
  performerId: string;
  goal: TipGoalView | null;
}

/** How far a goal is, in percent (0..100). */
export const goalPercent = (goal: Pick<TipGoalView, "progress" | "target">): number =>
  goal.target > 0 ? Math.min(100, Math.max(0, Math.round((goal.progress / goal.target) * 100))) : 0;
