/**
 * Pure helpers shared by the performer studio and the admin screens: labels, number inputs, dates in inputs, tags,
 * form errors from the contracts and the list filters. Forms: studio-forms.ts; media and uploads: studio-media.ts.
 */
import type { AccessKind, Moderation } from "@marquee/contracts/catalogue";
import type { Locale } from "@marquee/contracts/locales";
import type { ProductType } from "@marquee/contracts/products";
import type { z } from "zod";
import type { TFunction } from "../i18n/i18n.ts";
import { msg, tFor } from "../i18n/i18n.ts";
import { offsetPage, oneOf, pageOf, textOf } from "./list-params.ts";

export type AssetStatus = "draft" | "active" | "inactive";

export const STUDIO_PAGE_SIZE = 20;
/** How often a studio screen asks again while something is pending or processing. */
export const PROCESSING_POLL_MS = 3000;

export const accessLabels: Record<AccessKind, string> = {
  free: msg("Free"),
  members: msg("Members"),
  sale: msg("For sale"),
};
export const statusLabels: Record<AssetStatus, string> = {
  draft: msg("Draft"),
  active: msg("Active"),
  inactive: msg("Inactive"),
};
export const statusColors: Record<AssetStatus, string> = { draft: "gray", active: "teal", inactive: "orange" };

/** How the studio names what holds an item back (issue 22 section 2). */
export const moderationBadges: Record<Moderation["state"], { label: string; color: string }> = {
  "in-review": { label: msg("In review"), color: "yellow" },
  refused: { label: msg("Refused"), color: "red" },
  "taken-down": { label: msg("Taken down"), color: "red" },
};

/** "In review", "Refused: <reason>", "Taken down: <reason>". */
export function moderationText(m: Moderation, t: TFunction = tFor("en")): string {
  const label = t(moderationBadges[m.state].label);
  return m.reason ? t("{{state}}: {{reason}}", { state: label, reason: m.reason }) : label;
}

/** A `NumberInput` value: a number, or "" while empty. */
export type NumberValue = number | string;

/** The number a NumberInput holds, or null when it is empty or not a number. */
export function numberOrNull(value: NumberValue | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as the value of `<input type="datetime-local">` in the browser's time zone ("" for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an ISO instant, or null when empty or not a date. */
export function fromLocalInput(local: string): string | null {
  const text = local.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Tags as the API keeps them: trimmed, lower case, no blanks, no duplicates. */
export function normalizeTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/**
 * Runs a contract schema over a body and maps its issues to form field names (the first message per field),
 * so the form shows the same rules the API applies. `fieldOf` renames body keys to form keys.
 */
export function schemaErrors(
  schema: z.ZodType,
  body: unknown,
  fieldOf: (key: string) => string = (key) => key,
): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? fieldOf(String(issue.path[0])) : "form";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** "slim" -> "Slim", "plus-size" -> "Plus size", "under-160" -> "Under 160 cm", "160-170" -> "160–170 cm". */
export function attributeLabel(value: string): string {
  if (/^\d+-\d+$/.test(value)) return `${value.replace("-", "–")} cm`;
  const text = value.replace(/-/g, " ");
  const label = text.charAt(0).toUpperCase() + text.slice(1);
  return /\d$/.test(value) ? `${label} cm` : label;
}

/** The movie price shown in tables: "$9.99", or the access label. */
export function priceLabel(
  item: { access: AccessKind; price: number | null },
  currencySymbol: string,
  t: TFunction = tFor("en"),
): string {
  if (item.access !== "sale") return t(accessLabels[item.access]);
  return item.price === null ? t(accessLabels.sale) : `${currencySymbol}${item.price.toFixed(2)}`;
}

export const productTypeLabels: Record<ProductType, string> = { physical: msg("Physical"), digital: msg("Digital") };

/** The stock of a product in tables: "12 in stock", "Sold out", or "Download" for a digital product. */
export function stockLabel(
  product: { type: ProductType; stock: number | null },
  t: TFunction = tFor("en"),
  locale: Locale = "en",
): string {
  if (product.type === "digital") return t("Digital download", { defaultValue: "Download" });
  if (!product.stock) return t("Sold out");
  return t("{{n}} in stock", { n: product.stock.toLocaleString(locale === "en" ? "en" : "es-ES") });
}

/**
 * Whether the store lists a product, as the API decides it (active, and a digital one once its file is in), and
 * why not when it does not.
 */
export function productListing(
  product: {
    status: AssetStatus;
    type: ProductType;
    file: unknown;
    moderation?: Moderation | null;
  },
  t: TFunction = tFor("en"),
): {
  listed: boolean;
  reason: string | null;
} {
  if (product.moderation) {
    const state = moderationText(product.moderation, t);
    const reason =
      product.moderation.state === "in-review"
        ? t("{{state}}: it is listed once an admin approves it.", { state })
        : t("{{state}}: it is not in the store.", { state });
    return { listed: false, reason };
  }
  if (product.status !== "active") {
    return {
      listed: false,
      reason: t("{{status}}: make it active to list it in the store.", { status: t(statusLabels[product.status]) }),
    };
  }
  if (product.type === "digital" && !product.file) {
    return { listed: false, reason: t("Upload its file: a digital product is listed once its file is in.") };
  }
  return { listed: true, reason: null };
}

export type StatusFilter = "all" | AssetStatus;

/** The filters of a studio list as the page's URL holds them (`q`, `status`, `page`), and the API query for them. */
export function studioListQuery(params: URLSearchParams) {
  const q = textOf(params);
  const status = oneOf<StatusFilter>(params, "status", ["draft", "active", "inactive"], "all");
  const page = pageOf(params);
  return {
    q,
    status,
    page,
    query: { q: q || undefined, status: status === "all" ? undefined : status, ...offsetPage(page, STUDIO_PAGE_SIZE) },
  };
}
