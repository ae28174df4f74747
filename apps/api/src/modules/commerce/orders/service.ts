import {
  type AdminOrdersQuery,
  type DeliveryStatus,
  type DeliveryUpdateBody,
  NEXT_DELIVERY_STATUS,
  type OrderStatus,
} from "@marquee/contracts/orders";
import { and, arrayContains, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { conflict, notFound, unprocessable } from "../../../platform/errors.ts";
import { escapeLike } from "../../../platform/slugs.ts";
import type { Actor } from "../../catalogue/access.ts";
import { countryName } from "../../lookups/service.ts";
import type { Accounts } from "../../users/accounts.ts";
import { users } from "../../users/tables.ts";
import type { Notify } from "../ledger/ledger.ts";
import { transactions } from "../ledger/tables.ts";
import { type OrderLineRow, type OrderRow, orderLines, orders } from "./tables.ts";

type Paging = { limit: number; offset: number };

type Ref = { _id: string; username: string; name: string };

const cents = (n: number) => n / 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const newestFirst = [sql`${orders.createdAt} desc`, sql`${orders.id} desc`];

/** A line as every reader sees it. */
function presentLine(l: OrderLineRow) {
  return {
    _id: l.id,
    orderId: l.orderId,
    itemKind: l.itemKind,
    itemId: l.itemId,
    productType: l.itemKind === "product" ? (l.deliveryStatus ? ("physical" as const) : ("digital" as const)) : null,
    title: l.title,
    quantity: l.quantity,
    unitPrice: cents(l.unitPriceCents),
    total: cents(l.totalCents),
    deliveryStatus: l.deliveryStatus,
    shippingCode: l.shippingCode,
    createdAt: l.createdAt.toISOString(),
  };
}

/** Where the order goes, when it is shipped at all (orders from before issue 23 have no name, city or country). */
const deliveryOf = (o: OrderRow) =>
  o.deliveryAddress && o.phoneNumber && o.postalCode
    ? {
        recipientName: o.recipientName,
        line1: o.deliveryAddress,
        line2: o.addressLine2,
        city: o.city,
        region: o.region,
        postalCode: o.postalCode,
        country: o.country,
        countryName: o.country ? (countryName(o.country) ?? o.country) : null,
        phone: o.phoneNumber,
      }
    : null;

/** The lines a seller sells: physical or digital products of theirs, in orders that were paid. */
const sellerOf = (sellerId: string) =>
  and(eq(orderLines.itemKind, "product"), arrayContains(orderLines.performerIds, [sellerId]));

/**
 * Orders (issue 11): a buyer's own orders and lines, a seller's lines to ship, one order as each of them (or an admin)
 * may see it, and the seller's delivery updates of physical lines, each told to the buyer. Refunds go through the
 * ledger (commerce/ledger/ledger.ts), which marks the physical lines `refunded`.
 */
export function createOrdersService(deps: { db: Db; accounts: Pick<Accounts, "refs">; notify: Notify }) {
  const { db } = deps;

  const linesOf = async (orderIds: string[]) =>
    orderIds.length
      ? db
          .select()
          .from(orderLines)
          .where(inArray(orderLines.orderId, orderIds))
          .orderBy(orderLines.createdAt, orderLines.id)
      : [];

  /**
   * What only admins see of orders: who bought each, its payment (the paid or refunded one, else the newest
   * attempt), and who sells each line.
   */
  async function adminExtras(rows: OrderRow[], lines: OrderLineRow[]) {
    const ids = rows.map((r) => r.id);
    const [refs, payments] = await Promise.all([
      deps.accounts.refs([...rows.map((r) => r.userId), ...lines.flatMap((l) => l.performerIds)]),
      ids.length
        ? db
            .select()
            .from(transactions)
            .where(inArray(transactions.orderId, ids))
            .orderBy(desc(transactions.createdAt), desc(transactions.id))
        : [],
    ]);
    const paymentOf = (orderId: string) => {
      const mine = payments.filter((p) => p.orderId === orderId);
      const t = mine.find((p) => p.status === "paid" || p.status === "refunded") ?? mine[0];
      return t ? { _id: t.id, status: t.status, gateway: t.gateway, amount: cents(t.amountCents) } : null;
    };
    const sellersOf = (l: OrderLineRow) => l.performerIds.flatMap((id) => refs.get(id) ?? []);
    return { buyers: refs, paymentOf, sellersOf };
  }

  /** Orders newest first with all their lines (and, for admins, who bought them, their payment and sellers). */
  async function listOrders(where: SQL | undefined, q: Paging, forAdmin: boolean) {
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(...newestFirst)
        .limit(q.limit)
        .offset(q.offset),
      db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where),
    ]);
    const lines = await linesOf(rows.map((r) => r.id));
    const extras = forAdmin ? await adminExtras(rows, lines) : null;
    return {
      total: count?.total ?? 0,
      data: rows.map((o) => {
        const mine = lines.filter((l) => l.orderId === o.id);
        if (!extras) return presentOrder(o, mine.map(presentLine), null);
        return {
          ...presentOrder(
            o,
            mine.map((l) => ({ ...presentLine(l), sellers: extras.sellersOf(l) })),
            extras.buyers,
          ),
          transaction: extras.paymentOf(o.id),
        };
      }),
    };
  }

  function presentOrder(
    o: OrderRow,
    lines: ReturnType<typeof presentLine>[],
    buyers: Map<string, Ref> | null,
    showDelivery = true,
  ) {
    return {
      _id: o.id,
      status: o.status,
      currency: o.currency,
      originalTotal: cents(o.originalCents),
      total: cents(o.totalCents),
      delivery: showDelivery ? deliveryOf(o) : null,
      ...(buyers ? { buyer: buyers.get(o.userId) ?? null } : {}),
      lines,
      createdAt: o.createdAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
    };
  }

  /** The buyer's own orders, newest first. */
  const buyerOrders = (buyerId: string, q: Paging & { status?: OrderStatus }) =>
    listOrders(and(eq(orders.userId, buyerId), q.status ? eq(orders.status, q.status) : undefined), q, false);

  /**
   * Every order, for admins: by status, buyer, a line's delivery status, and `q` (the buyer's username, name or
   * email, a line's title, or the order's whole id).
   */
  function allOrders(q: AdminOrdersQuery) {
    const term = q.q?.trim();
    const like = term ? `%${escapeLike(term)}%` : "";
    const lineWhere = (cond: SQL) =>
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${cond})`;
    return listOrders(
      and(
        q.status ? eq(orders.status, q.status) : undefined,
        q.userId ? eq(orders.userId, q.userId) : undefined,
        q.deliveryStatus ? lineWhere(eq(orderLines.deliveryStatus, q.deliveryStatus)) : undefined,
        term
          ? or(
              UUID.test(term) ? eq(orders.id, term) : undefined,
              sql`exists (select 1 from ${users} where ${users.id} = ${orders.userId} and (${or(
                ilike(users.username, like),
                ilike(users.name, like),
                ilike(users.email, like),
              )}))`,
              lineWhere(ilike(orderLines.title, like)),
            )
          : undefined,
      ),
      q,
      true,
    );
  }

  /** Lines joined to their order, newest order first. */
  async function listLines(where: SQL | undefined, q: Paging) {
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(where)
        .orderBy(...newestFirst, orderLines.id)
        .limit(q.limit)
        .offset(q.offset),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(where),
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  /** The buyer's own lines, newest order first. */
  async function buyerLines(buyerId: string, q: Paging & { deliveryStatus?: DeliveryStatus }) {
    const { rows, total } = await listLines(
      and(eq(orders.userId, buyerId), q.deliveryStatus ? eq(orderLines.deliveryStatus, q.deliveryStatus) : undefined),
      q,
    );
    return {
      total,
      data: rows.map((r) => ({ ...presentLine(r.order_lines), orderStatus: r.orders.status })),
    };
  }

  /**
   * A seller's lines (an admin's: everyone's) of paid orders, newest first, with who bought them; where a line goes
   * only for physical lines.
   */
  async function sellerLines(viewer: Actor, q: Paging & { deliveryStatus?: DeliveryStatus }) {
    const { rows, total } = await listLines(
      and(
        viewer.role === "admin" ? eq(orderLines.itemKind, "product") : sellerOf(viewer.id),
        eq(orders.status, "paid"),
        q.deliveryStatus ? eq(orderLines.deliveryStatus, q.deliveryStatus) : undefined,
      ),
      q,
    );
    const buyers = await deps.accounts.refs(rows.map((r) => r.orders.userId));
    return {
      total,
      data: rows.map(({ order_lines: l, orders: o }) => ({
        ...presentLine(l),
        orderStatus: o.status,
        buyer: buyers.get(o.userId) ?? null,
        delivery: l.deliveryStatus ? deliveryOf(o) : null,
        paidAt: o.paidAt?.toISOString() ?? null,
      })),
    };
  }

  /**
   * One order: its buyer and admins see all of it; a seller of one of its lines (in a paid or refunded order) sees
   * only their own lines, with who bought them and, when one of them is shipped, where. Anyone else: 404.
   */
  async function details(viewer: Actor, orderId: string) {
    const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!o) throw notFound("Order");
    const lines = await linesOf([o.id]);
    if (viewer.role === "admin") {
      const extras = await adminExtras([o], lines);
      return {
        ...presentOrder(
          o,
          lines.map((l) => ({ ...presentLine(l), sellers: extras.sellersOf(l) })),
          extras.buyers,
        ),
        transaction: extras.paymentOf(o.id),
      };
    }
    if (o.userId === viewer.id) return presentOrder(o, lines.map(presentLine), null);
    const mine = lines.filter((l) => l.itemKind === "product" && l.performerIds.includes(viewer.id));
    if (!mine.length || (o.status !== "paid" && o.status !== "refunded")) throw notFound("Order");
    return presentOrder(
      o,
      mine.map(presentLine),
      await deps.accounts.refs([o.userId]),
      mine.some((l) => l.deliveryStatus),
    );
  }

  /**
   * A seller (or an admin) moves a physical line of a paid order one step on: processing, shipped (with its shipping
   * code), delivered. Refunded comes only from refunding the payment. The buyer is told.
   */
  async function updateDelivery(viewer: Actor, lineId: string, body: DeliveryUpdateBody) {
    const [found] = await db
      .select()
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.id, lineId));
    const line = found?.order_lines;
    // Someone else's line is as unknown as a line that does not exist.
    if (!found || !line || (viewer.role !== "admin" && !line.performerIds.includes(viewer.id))) {
      throw notFound("Order line");
    }
    const order = found.orders;
    const status = body.deliveryStatus;
    if (status === "refunded") {
      throw unprocessable("A line is refunded by refunding the order's payment, not by hand.", [
        { path: "body.deliveryStatus", message: "refund the payment instead" },
      ]);
    }
    const current = line.deliveryStatus;
    if (line.itemKind !== "product" || !current) {
      throw unprocessable("Only shipped (physical) products have a delivery status.");
    }
    if (order.status !== "paid") throw unprocessable(`This order is ${order.status}: there is nothing to deliver.`);
    const next = NEXT_DELIVERY_STATUS[current];
    if (status !== next) {
      throw unprocessable(
        next
          ? `A ${current} line can only move to ${next}.`
          : `This line is ${current}: its delivery status does not change any more.`,
        [{ path: "body.deliveryStatus", message: next ? `must be ${next}` : `already ${current}` }],
      );
    }
    if (status === "shipped" && !body.shippingCode) {
      throw unprocessable("A shipped line needs its shipping code.", [
        { path: "body.shippingCode", message: "required when shipped" },
      ]);
    }
    if (status !== "shipped" && body.shippingCode !== undefined) {
      throw unprocessable("The shipping code is given when the line is shipped.", [
        { path: "body.shippingCode", message: "only when shipped" },
      ]);
    }
    const [updated] = await db
      .update(orderLines)
      .set({ deliveryStatus: status, ...(status === "shipped" ? { shippingCode: body.shippingCode } : {}) })
      .where(
        and(
          eq(orderLines.id, line.id),
          eq(orderLines.deliveryStatus, current),
          // A refund that lands meanwhile wins: the line is not moved on.
          sql`exists (select 1 from ${orders} where ${orders.id} = ${orderLines.orderId} and ${orders.status} = 'paid')`,
        ),
      )
      .returning();
    if (!updated) throw conflict("This line has just changed; reload it and try again.");
    deps.notify(order.userId, "notification", {
      type: "delivery",
      orderId: order.id,
      lineId: updated.id,
      title: updated.title,
      deliveryStatus: status,
      shippingCode: updated.shippingCode,
    });
    return presentLine(updated);
  }

  return { buyerOrders, allOrders, buyerLines, sellerLines, details, updateDelivery };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
