/**
 * The short text and link of a notification, made from what its sender said (issue 12), so the web shows any
 * notification without knowing every type. One small formatter per type; anything else gets a plain sentence.
 */

import { formatDate } from "@marquee/contracts/dates";

type Payload = Record<string, unknown>;
export interface Formatted {
  text: string;
  link: string | null;
}

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
/** A title in quotes, shortened: texts stay one line long. */
const quoted = (v: unknown) => {
  const s = str(v);
  if (!s) return null;
  return `“${s.length > 80 ? `${s.slice(0, 79)}…` : s}”`;
};
/** A date in the site's format ("26 Dec 2026"), as the pages write it. */
const day = (v: unknown) => formatDate(str(v)) || null;

/** The page a comment is on: the link its sender gave (a path of this site), else by its type and id. */
const pageOf = (p: Payload) => {
  const link = str(p.link);
  if (link?.startsWith("/") && !link.startsWith("//")) return link;
  const id = str(p.objectId);
  const pages: Record<string, string> = { video: "/movies/", gallery: "/galleries/", product: "/store/" };
  const base = pages[str(p.objectType) ?? ""];
  return base && id ? `${base}${encodeURIComponent(id)}` : null;
};

const PAYMENT: Record<string, string> = {
  paid: "Payment received",
  failed: "Payment failed",
  expired: "Payment expired",
  refunded: "Payment refunded",
};
const SUBSCRIPTION: Record<string, string> = {
  granted: "You were given a membership",
  revoked: "Your membership was revoked",
  expired: "Your membership has expired",
  renewed: "Your membership was renewed",
  renewal_failed: "Your membership's renewal failed",
  cancelled: "Your membership will not renew",
};
/** The same news of a subscription to a performer, who is named. */
const PERFORMER_SUBSCRIPTION: Record<string, (who: string) => string> = {
  revoked: (who) => `Your subscription to ${who} was revoked`,
  expired: (who) => `Your subscription to ${who} has expired`,
  renewed: (who) => `Your subscription to ${who} was renewed`,
  renewal_failed: (who) => `The renewal of your subscription to ${who} failed`,
  cancelled: (who) => `Your subscription to ${who} will not renew`,
};
const DELIVERY: Record<string, string> = {
  created: "is ordered",
  processing: "is being prepared",
  shipped: "has shipped",
  delivered: "was delivered",
  refunded: "was refunded",
};

const REPORT_REASON: Record<string, string> = { spam: "spam", abuse: "abuse", other: "breaking the rules" };

/** What a new item is called in news of it (issue 25 section 1). */
const NEWS_KIND: Record<string, string> = { video: "movie", gallery: "gallery", product: "product", post: "post" };

const formatters: Record<string, (p: Payload) => Formatted> = {
  news: (p) => {
    const kind = NEWS_KIND[str(p.kind) ?? ""] ?? "item";
    const from = str(p.performer);
    const what = quoted(p.title);
    const head = from ? `New ${kind} from ${from}` : `New ${kind}`;
    const link = str(p.link);
    return {
      text: what ? `${head}: ${what}.` : `${head}.`,
      link: link?.startsWith("/") && !link.startsWith("//") ? link : null,
    };
  },
  payment: (p) => {
    const head = PAYMENT[str(p.status) ?? ""] ?? "Payment update";
    const what = quoted(p.title);
    return { text: what ? `${head}: ${what}.` : `${head}.`, link: "/account/orders" };
  },
  refund: (p) => {
    const what = quoted(p.title);
    return {
      text: what ? `A sale of yours was refunded: ${what}.` : "A sale of yours was refunded.",
      link: "/studio/earnings",
    };
  },
  sale: (p) => {
    const what = quoted(p.title);
    return { text: what ? `New sale: ${what}.` : "New sale.", link: "/studio/earnings" };
  },
  tip: (p) => {
    const from = str(p.from) ?? "A member";
    const amount =
      typeof p.amount === "number" && Number.isFinite(p.amount)
        ? Number.isInteger(p.amount)
          ? String(p.amount)
          : p.amount.toFixed(2)
        : null;
    const symbol = str(p.currencySymbol);
    const money = amount ? (symbol ? `${symbol}${amount}` : `${amount} ${str(p.currency) ?? ""}`.trim()) : null;
    const head = money ? `${from} tipped you ${money}` : `${from} tipped you`;
    const message = str(p.message);
    const said = message && message.length > 140 ? `${message.slice(0, 139)}…` : message;
    return { text: said ? `${head}: ${said}` : `${head}.`, link: "/studio/tips" };
  },
  subscriber: (p) => {
    const what = quoted(p.title);
    return { text: what ? `New subscriber: ${what}.` : "New subscriber.", link: "/studio/subscribers" };
  },
  subscription: (p) => {
    const status = str(p.status);
    const performer = quoted(p.performer);
    const named = performer ? PERFORMER_SUBSCRIPTION[status ?? ""] : undefined;
    const head =
      performer && named
        ? named(performer)
        : performer
          ? `Your subscription to ${performer} changed`
          : (SUBSCRIPTION[status ?? ""] ?? "Your membership changed");
    const until = day(p.expiresAt);
    const tail = until && status !== "expired" && status !== "revoked" ? ` (access until ${until})` : "";
    return { text: `${head}${tail}.`, link: "/account#membership" };
  },
  delivery: (p) => {
    const what = quoted(p.title) ?? "Your parcel";
    const how = DELIVERY[str(p.deliveryStatus) ?? ""] ?? "was updated";
    const code = str(p.deliveryStatus) === "shipped" && str(p.shippingCode) ? ` (${str(p.shippingCode)})` : "";
    return { text: `${what} ${how}${code}.`, link: "/account/orders" };
  },
  payout: (p) => {
    const amount = typeof p.amount === "number" && Number.isFinite(p.amount) ? p.amount.toFixed(2) : null;
    const currency = str(p.currency) ?? "";
    return {
      text: amount ? `You were paid ${`${amount} ${currency}`.trim()}.` : "You were paid.",
      link: "/studio/earnings",
    };
  },
  payout_refused: (p) => {
    const amount = typeof p.amount === "number" && Number.isFinite(p.amount) ? p.amount.toFixed(2) : null;
    const what = amount
      ? `Your payout request of ${`${amount} ${str(p.currency) ?? ""}`.trim()}`
      : "Your payout request";
    const reason = str(p.reason);
    return { text: `${what} was refused${reason ? `: ${reason}` : "."}`, link: "/studio/earnings" };
  },
  comment: (p) => {
    const what = quoted(p.title) ?? "your page";
    // Straight to the comment: the page's comment list opens its thread, scrolls to it and highlights it.
    const page = pageOf(p);
    const id = str(p.commentId);
    return {
      text: p.reply === true ? `New reply to your comment on ${what}.` : `New comment on ${what}.`,
      link: page && id && /^[0-9a-f-]{36}$/i.test(id) ? `${page.split("#")[0]}#comment-${id}` : page,
    };
  },
  comment_hidden: (p) => {
    const what = quoted(p.title);
    return {
      text: what ? `A moderator hid your comment on ${what}.` : "A moderator hid one of your comments.",
      link: pageOf(p),
    };
  },
  comment_reported: (p) => {
    const what = quoted(p.title);
    const reason = REPORT_REASON[str(p.reason) ?? ""];
    const why = reason ? ` as ${reason}` : "";
    return {
      text: what ? `A comment on ${what} was reported${why}.` : `A comment was reported${why}.`,
      link: "/admin/comments?status=reported",
    };
  },
  report_hold: (p) => {
    const what = quoted(p.title) ?? "Your item";
    return {
      text: `${what} is hidden pending review of a report (${str(p.reference) ?? ""}).`,
      link: "/studio/reports",
    };
  },
  report_question: (p) => {
    const what = quoted(p.title) ?? "your item";
    return { text: `An admin asks you about a report on ${what}.`, link: "/studio/reports" };
  },
  content_reported: (p) => {
    const what = quoted(p.title) ?? "An item";
    return { text: `${what} was reported (${str(p.reference) ?? ""}).`, link: "/admin/reports" };
  },
  report_answered: (p) => ({
    text: `The performer answered about report ${str(p.reference) ?? ""}.`,
    link: "/admin/reports",
  }),
  report_counter_notice: (p) => ({
    text: `A counter-notice was filed on report ${str(p.reference) ?? ""}.`,
    link: "/admin/reports",
  }),
  verification: (p) => {
    const status = str(p.status);
    if (status === "submitted")
      return { text: "A performer application is waiting for review.", link: "/admin/verifications" };
    if (status === "approved") {
      const until = day(p.expiresAt);
      return {
        text: until
          ? `Your performer verification was approved (valid until ${until}).`
          : "Your performer verification was approved.",
        link: "/studio/verification",
      };
    }
    const reason = str(p.reason);
    if (status === "refused")
      return {
        text: reason
          ? `Your performer verification was refused: ${reason}`
          : "Your performer verification was refused.",
        link: "/verification",
      };
    return {
      text: reason ? `Please verify your identity again: ${reason}` : "Please verify your identity again.",
      link: "/verification",
    };
  },
  "media.processed": (p) => {
    const what = quoted(p.title) ?? "Your upload";
    const ready = str(p.status) === "ready";
    const link = str(p.objectType) === "gallery" ? "/studio/galleries" : "/studio/movies";
    return { text: ready ? `${what} is processed and ready.` : `${what} could not be processed.`, link };
  },
};

/** Where a performer finds an item of theirs in the studio. */
const studioOf = (p: Payload) => {
  const kind = str(p.objectType);
  return kind === "gallery" ? "/studio/galleries" : kind === "product" ? "/studio/products" : "/studio/movies";
};

/** A review decision (modules/review) or a take-down (modules/admin-assets), told to the item's performers. */
const moderationFormatters: Record<string, (p: Payload) => Formatted> = {
  review: (p) => {
    const what = quoted(p.title) ?? "Your item";
    const status = str(p.status);
    const until = day(p.scheduledAt);
    const text =
      status === "approved"
        ? until && new Date(String(p.scheduledAt)) > new Date()
          ? `${what} was approved; it comes out on ${until}.`
          : `${what} was approved and is on the site.`
        : `${what} was refused: ${str(p.reason) ?? "no reason given"}.`;
    return { text, link: studioOf(p) };
  },
  takedown: (p) => {
    const what = quoted(p.title) ?? "Your item";
    const text =
      str(p.status) === "restored"
        ? `${what} is back on the site.`
        : `${what} was taken down: ${str(p.reason) ?? "no reason given"}.`;
    return { text, link: studioOf(p) };
  },
};

export function formatNotification(type: string, payload: Payload): Formatted {
  const format = formatters[type] ?? moderationFormatters[type];
  return format ? format(payload) : { text: "You have a new notification.", link: null };
}
