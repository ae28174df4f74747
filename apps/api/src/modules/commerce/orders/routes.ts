import { entityId } from "@marquee/contracts/common";
import { libraryList, libraryQuery } from "@marquee/contracts/library";
import {
  adminOrdersQuery,
  buyerLineList,
  deliveryUpdateBody,
  linesQuery,
  order,
  orderLine,
  orderList,
  ordersQuery,
  sellerLineList,
} from "@marquee/contracts/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../platform/access.ts";
import type { Library } from "./library.ts";
import type { OrdersService } from "./service.ts";

const tags = ["orders"];
const byId = z.strictObject({ id: entityId });

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; library: Library }> = async (
  app,
  { orders, library },
) => {
  app.get("/users/me/library", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "The member's own library, newest first: each movie, gallery and product they bought (once, at its last paid order), their performer subscriptions and their site memberships, each with the link to its item and, for subscriptions, their status and end.",
      querystring: libraryQuery,
      response: { 200: libraryList },
    },
    handler: async (req) => library.list(currentUser(req).id, req.query),
  });

  app.get("/orders/users/search", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "The member's own orders, newest first (filter by `status`), each with its lines: totals, and for shipped products the delivery status and shipping code.",
      querystring: ordersQuery,
      response: { 200: orderList },
    },
    handler: async (req) => orders.buyerOrders(currentUser(req).id, req.query),
  });

  app.get("/orders/users/details/search", {
    config: { access: "user" },
    schema: {
      tags,
      description: "The member's own order lines, newest order first (filter by `deliveryStatus`).",
      querystring: linesQuery,
      response: { 200: buyerLineList },
    },
    handler: async (req) => orders.buyerLines(currentUser(req).id, req.query),
  });

  app.get("/orders/details/search", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "A seller's lines: the lines of their products in paid orders, newest first (filter by `deliveryStatus`), with who bought them and, for shipped products only, the delivery address, phone number and postal code. An admin sees every seller's.",
      querystring: linesQuery,
      response: { 200: sellerLineList },
    },
    handler: async (req) => orders.sellerLines(currentUser(req), req.query),
  });

  app.get("/orders/details/:id", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "One order: its buyer and admins see all its lines (admins with the buyer, the payment and each line's sellers, as in GET /admin/orders); a seller of one of its lines only their own lines, with the buyer. Anyone else gets 404.",
      params: byId,
      response: { 200: order },
    },
    handler: async (req) => orders.details(currentUser(req), req.params.id),
  });

  app.put("/orders/:id/update", {
    config: { access: "performer" },
    schema: {
      tags,
      description:
        "Moves the delivery of one ORDER LINE (`:id` is the line's id: an order may hold several sellers' lines) one step on: created → processing → shipped (`shippingCode` required) → delivered. Physical lines of paid orders only, by their seller or an admin (404 for anyone else's line); `refunded` is set by refunding the payment, never here (422). The buyer is notified.",
      params: byId,
      body: deliveryUpdateBody,
      response: { 200: orderLine },
    },
    handler: async (req) => orders.updateDelivery(currentUser(req), req.params.id, req.body),
  });

  app.get("/admin/orders", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      description:
        "Every order, newest first, with its buyer, its payment (`transaction`: the paid or refunded one, else the newest attempt) and its lines with their sellers. Filter by `status`, buyer `userId`, a line's `deliveryStatus`, or `q` (the buyer's username, name or email, a line's title, or the order's whole id). Refunds go through POST /admin/transactions/:id/refund with the order's `transaction._id`.",
      querystring: adminOrdersQuery,
      response: { 200: orderList },
    },
    handler: async (req) => orders.allOrders(req.query),
  });
};
