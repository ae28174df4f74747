import type { Checkout } from "@marquee/contracts/payments";
import type { RealtimeSender } from "@marquee/contracts/realtime-events";
import type { TipBody, TipGoal, TipGoalAnswer, TipGoalBody } from "@marquee/contracts/tips";
import { and, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { notFound, unprocessable } from "../../../platform/errors.ts";
import { uuidv7 } from "../../../platform/ids.ts";
import type { Actor } from "../../catalogue/access.ts";
import { subscriptionTerms } from "../../performers/commerce-port.ts";
import type { SettingsService } from "../../settings/service.ts";
import { users } from "../../users/tables.ts";
import type { Sale } from "../checkout/checkout.ts";
import type { Notify, TipLedgerHooks } from "../ledger/ledger.ts";
import type { OrderLineRow } from "../orders/tables.ts";
import { orders } from "../orders/tables.ts";
import { type TipGoalRow, tipGoals, tips } from "./tables.ts";

/** "5" or "5.50": a money amount as the notices and refusals write it. */
export const amountText = (major: number) => (Number.isInteger(major) ? String(major) : major.toFixed(2));

/** A performer's active goal (the one not ended), if any. */
async function activeGoal(via: Db | Tx, performerId: string): Promise<TipGoalRow | null> {
  const [goal] = await via
    .select()
    .from(tipGoals)
    .where(and(eq(tipGoals.performerId, performerId), isNull(tipGoals.endedAt)));
  return goal ?? null;
}

/** What the goal has gathered: the tips to its performer paid since it started; a refunded one no longer counts. */
async function progressCents(via: Db | Tx, goal: TipGoalRow): Promise<number> {
  const [row] = await via
    .select({ cents: sql<string>`coalesce(sum(${tips.amountCents}), 0)` })
    .from(tips)
    .innerJoin(orders, eq(orders.id, tips.orderId))
    .where(and(eq(tips.performerId, goal.performerId), eq(orders.status, "paid"), gte(orders.paidAt, goal.startedAt)));
  return Number(row?.cents ?? 0);
}

const goalView = (goal: TipGoalRow, cents: number, currency: string): TipGoal => ({
  _id: goal.id,
  performerId: goal.performerId,
  title: goal.title,
  target: goal.targetCents / 100,
  progress: cents / 100,
  currency,
  startedAt: goal.startedAt.toISOString(),
});

/** A performer's goal and its progress now, as GET /tips/goal/:id and the live event give it. */
async function goalAnswer(via: Db | Tx, performerId: string, currency: string): Promise<TipGoalAnswer> {
  const goal = await activeGoal(via, performerId);
  return { performerId, goal: goal ? goalView(goal, await progressCents(via, goal), currency) : null };
}

/**
 * Tips (issue 24 section 2). A member tips a performer an amount between the site's `tipMinimum` and `tipMaximum`,
 * with an optional message: an order with one `tip` line (whose item is the tip's row) through the same checkout,
 * gateway and ledger as a purchase, so it is settled exactly once, refunded like a sale, and earned at the site's
 * `tipCommission` (ledger-common.ts `recordEarnings`). When it is paid the performer is told with its message, and
 * their goal's progress goes to their page's room (`tip-goal:progress`); a refund moves the goal back.
 */
export function createTips(deps: {
  db: Db;
  settings: Pick<SettingsService, "get">;
  notify: Notify;
  toObject: RealtimeSender;
  /** Commerce's checkout of one item (checkout.ts `single`). */
  checkout: (buyer: Actor, sale: Sale) => Promise<Checkout>;
}) {
  const { db, settings, notify, toObject } = deps;

  /** The member's tip: refused (422, naming the field) to themselves or outside the site's minimum and maximum. */
  async function tip(buyer: Actor, body: TipBody, ip: string): Promise<Checkout> {
    if (body.performerId === buyer.id) {
      throw unprocessable("You cannot tip yourself.", [{ path: "body.performerId", message: "yourself" }]);
    }
    const performer = await subscriptionTerms(db, body.performerId);
    if (performer?.status !== "active") throw notFound("Performer");
    const [min, max, symbol] = [
      await settings.get("tipMinimum"),
      await settings.get("tipMaximum"),
      await settings.get("currencySymbol"),
    ];
    const cents = Math.round(body.amount * 100);
    if (cents < Math.round(min * 100)) {
      const least = `${symbol}${min.toFixed(2)}`;
      throw unprocessable(`A tip is at least ${least}.`, [{ path: "body.amount", message: `at least ${least}` }]);
    }
    if (cents > Math.round(max * 100)) {
      const most = `${symbol}${max.toFixed(2)}`;
      throw unprocessable(`A tip is at most ${most}.`, [{ path: "body.amount", message: `at most ${most}` }]);
    }
    const name = performer.name || performer.username;
    const message = body.message?.trim() || null;
    // The tip's row is the line's item: made with the order, in its database transaction.
    const tipId = uuidv7();
    return deps.checkout(buyer, {
      kind: "tip",
      itemId: tipId,
      lockKey: tipId,
      title: `Tip to ${name}`,
      description: `Tip to ${name}`,
      priceCents: cents,
      performerIds: [performer.id],
      recurring: null,
      billing: { billingCountry: body.billingCountry, billingRegion: body.billingRegion, ip },
      open: async (tx, orderId) => {
        await tx.insert(tips).values({
          id: tipId,
          orderId,
          userId: buyer.id,
          performerId: performer.id,
          amountCents: cents,
          message,
          source: body.source ?? "profile",
        });
      },
    });
  }

  /** The tips a performer received (paid, or refunded since), newest first, with who gave them and their message. */
  async function received(performerId: string, q: { limit: number; offset: number }) {
    const where = and(eq(tips.performerId, performerId), inArray(orders.status, ["paid", "refunded"]));
    const [rows, [count]] = await Promise.all([
      db
        .select({
          tip: tips,
          status: orders.status,
          currency: orders.currency,
          name: users.name,
          username: users.username,
        })
        .from(tips)
        .innerJoin(orders, eq(orders.id, tips.orderId))
        .innerJoin(users, eq(users.id, tips.userId))
        .where(where)
        .orderBy(desc(tips.createdAt), desc(tips.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: sql<string>`count(*)` }).from(tips).innerJoin(orders, eq(orders.id, tips.orderId)).where(where),
    ]);
    return {
      total: Number(count?.n ?? 0),
      data: rows.map((r) => ({
        _id: r.tip.id,
        from: r.name || r.username,
        amount: r.tip.amountCents / 100,
        currency: r.currency,
        message: r.tip.message,
        status: r.status as "paid" | "refunded",
        source: r.tip.source,
        createdAt: r.tip.createdAt.toISOString(),
      })),
    };
  }

  /** A performer's active goal with its progress (null: none). 404 for anyone who is not an active performer. */
  async function goalOf(performerId: string): Promise<TipGoalAnswer> {
    const performer = await subscriptionTerms(db, performerId);
    if (performer?.status !== "active") throw notFound("Performer");
    return goalAnswer(db, performerId, await settings.get("currency"));
  }

  /** The performer's own goal, for their studio. */
  async function ownGoal(performerId: string): Promise<TipGoalAnswer> {
    await ownProfile(performerId);
    return goalAnswer(db, performerId, await settings.get("currency"));
  }

  /** The performer's page is told at once what their goal is now. */
  async function tellGoal(performerId: string) {
    toObject(performerId, "tip-goal:progress", await goalAnswer(db, performerId, await settings.get("currency")));
  }

  async function ownProfile(performerId: string) {
    const performer = await subscriptionTerms(db, performerId);
    if (!performer) throw notFound("Performer profile");
  }

  /** Sets the performer's goal: the active one ends and this one starts from nought now. */
  async function setGoal(performerId: string, body: TipGoalBody): Promise<TipGoal> {
    await ownProfile(performerId);
    await db.transaction(async (tx) => {
      await tx
        .update(tipGoals)
        .set({ endedAt: new Date() })
        .where(and(eq(tipGoals.performerId, performerId), isNull(tipGoals.endedAt)));
      await tx.insert(tipGoals).values({ performerId, title: body.title, targetCents: Math.round(body.target * 100) });
    });
    await tellGoal(performerId);
    return (await goalAnswer(db, performerId, await settings.get("currency"))).goal as TipGoal;
  }

  /** Ends the performer's active goal (404 when there is none). */
  async function endGoal(performerId: string): Promise<void> {
    const ended = await db
      .update(tipGoals)
      .set({ endedAt: new Date() })
      .where(and(eq(tipGoals.performerId, performerId), isNull(tipGoals.endedAt)))
      .returning({ id: tipGoals.id });
    if (!ended.length) throw notFound("Tip goal");
    await tellGoal(performerId);
  }

  /**
   * The ledger's hooks (ledger-common.ts `TipLedgerHooks`): inside the event's database transaction, what the tip was
   * and where its performer's goal stands now; after the commit, the notice and the goal's progress are sent.
   */
  const ledger: TipLedgerHooks = {
    async paid(tx, lines) {
      const news: Array<Awaited<ReturnType<typeof tipNews>>> = [];
      for (const l of lines) news.push(await tipNews(tx, l));
      return () => {
        for (const n of news) {
          if (!n) continue;
          const { tip, from, currency, goal } = n;
          void settings
            .get("currencySymbol")
            .catch(() => "$")
            .then((currencySymbol) =>
              notify(tip.performerId, "notification", {
                type: "tip",
                tipId: tip.id,
                orderId: tip.orderId,
                from,
                amount: tip.amountCents / 100,
                currency,
                currencySymbol,
                message: tip.message,
              }),
            );
          toObject(tip.performerId, "tip-goal:progress", goal);
        }
      };
    },
    async refunded(tx, lines) {
      const news: Array<Awaited<ReturnType<typeof tipNews>>> = [];
      for (const l of lines) news.push(await tipNews(tx, l));
      return () => {
        for (const n of news) if (n) toObject(n.tip.performerId, "tip-goal:progress", n.goal);
      };
    },
  };

  /** A tip line's tip, who gave it, and its performer's goal as it stands in this transaction. */
  async function tipNews(tx: Tx, line: OrderLineRow) {
    const [row] = await tx
      .select({ tip: tips, name: users.name, username: users.username, currency: orders.currency })
      .from(tips)
      .innerJoin(users, eq(users.id, tips.userId))
      .innerJoin(orders, eq(orders.id, tips.orderId))
      .where(eq(tips.id, line.itemId));
    if (!row) return null;
    return {
      tip: row.tip,
      from: row.name || row.username,
      currency: row.currency,
      goal: await goalAnswer(tx, row.tip.performerId, row.currency),
    };
  }

  return { tip, received, goalOf, ownGoal, setGoal, endGoal, ledger };
}
export type Tips = ReturnType<typeof createTips>;
