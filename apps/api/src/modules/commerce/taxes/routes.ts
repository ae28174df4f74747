import { entityId } from "@marquee/contracts/common";
import {
  receipt,
  storeTaxQuoteBody,
  taxPlaces,
  taxQuote,
  taxQuoteBody,
  taxRate,
  taxRateBody,
  taxReport,
  taxReportQuery,
} from "@marquee/contracts/taxes";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../../platform/access.ts";
import { actorOf } from "../../audit/service.ts";
import type { Quotes } from "../checkout/quote.ts";
import type { Taxes } from "./service.ts";

const tags = ["taxes"];
const byId = z.strictObject({ id: entityId });
const admin = { access: "admin" } as const;

/** Taxes (issue 24 section 5): the admins' rates and report, the checkout's places and quote, the buyer's receipt. */
export const taxesRoutes: FastifyPluginAsyncZod<{
  taxes: Taxes;
  /** What one item's tax is worked out on at checkout: its price now, less the coupon given (commerce/checkout). */
  taxablePrice: Quotes["taxablePrice"];
  /** What the cart's lines are taxed on at checkout: their prices less the coupon given (commerce/checkout). */
  taxableStore: Quotes["taxableStore"];
}> = async (app, { taxes, taxablePrice, taxableStore }) => {
  app.get("/taxes/places", {
    config: { access: "public" },
    schema: {
      tags,
      description:
        "Where the site charges tax (the checkout's billing country list: each country with its regions that have rates of their own) and whether prices include it.",
      response: { 200: taxPlaces },
    },
    handler: async () => taxes.places(),
  });

  app.post("/taxes/quote", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "What one item (a movie or gallery, a package, a performer's subscription) costs with the tax of a billing place, before the order is made: net, tax and gross, on the price less the coupon when `couponCode` is given (checked and counted as a coupon's quote is; its refusals name body.couponCode). Read only. A missing or unknown billing place is a 422 naming the field; an item that cannot be bought answers as its checkout would.",
      body: taxQuoteBody,
      response: { 200: taxQuote },
    },
    handler: async (req) => {
      const buyer = currentUser(req);
      const item = await taxablePrice(buyer, req.body, req.ip);
      return quoted(buyer.id, req, item.title, [item.priceCents]);
    },
  });

  app.post("/taxes/quote/store", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "What the cart's products cost with the tax of a billing place, before paying: net, tax and gross of the lines together, each line's tax worked out on its price after the coupon as the store checkout does. Read only. A product that cannot be bought names its line; a coupon that cannot be used names body.couponCode.",
      body: storeTaxQuoteBody,
      response: { 200: taxQuote },
    },
    handler: async (req) => {
      const buyer = currentUser(req);
      const cart = await taxableStore(buyer, req.body, req.ip);
      return quoted(buyer.id, req, cart.title, cart.parts);
    },
  });

  /** Net, tax and gross of `parts` (line prices, after any coupon) under the plan of the billing place given. */
  async function quoted(
    buyerId: string,
    req: { body: { billingCountry?: string; billingRegion?: string }; ip: string },
    title: string,
    parts: number[],
  ) {
    const plan = await taxes.plan(null, buyerId, {
      billingCountry: req.body.billingCountry,
      billingRegion: req.body.billingRegion,
      ip: req.ip,
    });
    const lines = parts.map((p) => taxes.line(p, plan));
    const sum = (k: "netCents" | "taxCents" | "grossCents") => lines.reduce((n, l) => n + l[k], 0) / 100;
    return {
      title,
      net: sum("netCents"),
      tax: sum("taxCents"),
      gross: sum("grossCents"),
      taxName: plan?.taxName ?? null,
      rate: (plan?.rateBp ?? 0) / 100,
      country: plan?.billingCountry ?? null,
      region: plan?.billingRegion ?? null,
      pricesIncludeTax: plan?.pricesIncludeTax ?? false,
    };
  }

  app.get("/orders/:id/receipt", {
    config: { access: "user" },
    schema: {
      tags,
      description:
        "The buyer's receipt for one of their orders: the seller (the site), each line's net, tax and gross, and the evidence of the buyer's country. Someone else's order is a 404 (an admin may read any).",
      params: byId,
      response: { 200: receipt },
    },
    handler: async (req) => taxes.receipt(currentUser(req), req.params.id),
  });

  app.get("/admin/taxes", {
    config: admin,
    schema: {
      tags: ["admin"],
      description: "The tax rates, by country and region.",
      response: { 200: z.array(taxRate) },
    },
    handler: async () => taxes.list(),
  });

  app.post("/admin/taxes", {
    config: admin,
    schema: {
      tags: ["admin"],
      description:
        "Adds a tax rate for a country (ISO 3166-1 alpha-2) or one of its regions (ISO 3166-2): a name and a percent with at most two decimals. Each refused value is a 422 naming its field; a place with a rate already is a 409.",
      body: taxRateBody,
      response: { 201: taxRate },
    },
    handler: async (req, reply) => reply.status(201).send(await taxes.create(req.body, actorOf(req))),
  });

  app.put("/admin/taxes/:id", {
    config: admin,
    schema: {
      tags: ["admin"],
      description: "Changes a tax rate (as POST).",
      params: byId,
      body: taxRateBody,
      response: { 200: taxRate },
    },
    handler: async (req) => taxes.update(req.params.id, req.body, actorOf(req)),
  });

  app.delete("/admin/taxes/:id", {
    config: admin,
    schema: {
      tags: ["admin"],
      description: "Removes a tax rate; orders keep the tax they were charged.",
      params: byId,
    },
    handler: async (req, reply) => {
      await taxes.remove(req.params.id, actorOf(req));
      return reply.status(204).send();
    },
  });

  app.get("/admin/taxes/report/csv", {
    config: admin,
    schema: {
      tags: ["admin"],
      description: "The tax report (as GET /admin/taxes/report) as CSV, with a totals row.",
      querystring: taxReportQuery,
    },
    handler: async (req, reply) =>
      reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="tax-report-${req.query.from}-${req.query.to}.csv"`)
        .header("Cache-Control", "no-store")
        .send(await taxes.reportCsv(req.query.from, req.query.to)),
  });

  app.get("/admin/taxes/report", {
    config: admin,
    schema: {
      tags: ["admin"],
      description:
        "The tax report for filing: the tax ledger's rows between two UTC days (both included) per country, region and rate: orders, refunds, net, tax and gross (refunds negative), and the orders whose GeoIP country contradicted the billing country.",
      querystring: taxReportQuery,
      response: { 200: taxReport },
    },
    handler: async (req) => taxes.report(req.query.from, req.query.to),
  });
};
