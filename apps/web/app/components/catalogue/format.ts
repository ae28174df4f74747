/** Prices, counts and labels shared by the catalogue cards and pages (dates and durations: lib/format.ts). */
import type { AccessKind } from "@marquee/contracts/catalogue";
import { formatShortDate } from "../../lib/format.ts";

/** "$9.99", "$10" (whole amounts without cents). */
export function formatPrice(amount: number, currencySymbol = "$"): string {
  const text = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  return `${currencySymbol}${text}`;
}

/** 950 -> "950", 1234 -> "1.2K", 2_500_000 -> "2.5M". */
export function formatCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0).replace(/\.0$/, "")}K`;
  return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, "")}M`;
}

/** A count with its noun, singular for exactly one: "1 view", "2 views", "1.2K views". */
export function countLabel(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

export type AccessTone = "free" | "members" | "sale" | "coming" | "owned";

export interface AccessLabel {
  tone: AccessTone;
  text: string;
}

/**
 * What the access badge on a card says: coming (with its date) first, then "Owned" for an item the viewer bought,
 * then the price, members or free.
 */
export function accessLabel(
  item: {
    access: AccessKind;
    price: number | null;
    isComing?: boolean;
    scheduledAt?: string | null;
    isBought?: boolean | undefined;
  },
  currencySymbol = "$",
  now: Date = new Date(),
): AccessLabel {
  if (item.isComing) {
    const when = formatShortDate(item.scheduledAt, now);
    return { tone: "coming", text: when ? `Coming ${when}` : "Coming soon" };
  }
  if (item.isBought) return { tone: "owned", text: "Owned" };
  if (item.access === "sale") {
    return { tone: "sale", text: item.price !== null ? formatPrice(item.price, currencySymbol) : "For sale" };
  }
  if (item.access === "members") return { tone: "members", text: "Members" };
  return { tone: "free", text: "Free" };
}

/** Splits plain text into paragraphs at blank lines (post content is never rendered as HTML). */
export function paragraphs(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
