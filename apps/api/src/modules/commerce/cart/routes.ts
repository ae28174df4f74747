import { cart, mergeCartBody, mergedCart, putCartBody } from "@marquee/contracts/cart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../../platform/access.ts";
import type { CartService } from "./service.ts";

const tags = ["cart"];

/** The signed-in member's own cart (issue 23 section 2); there is no way to name anyone else's. */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, deps) => {
  app.get("/cart", {
    config: { access: "user" },
    schema: {
      tags,
      summary: "The member's cart as saved: its lines in the order they were added, and their total quantity",
      response: { 200: cart },
    },
    handler: async (req) => deps.cart.read(currentUser(req)),
  });

  app.put("/cart", {
    config: { access: "user" },
    schema: {
      tags,
      summary: "Replaces the member's cart",
      description:
        "Each product once, a whole quantity from 1. Every line must be a product for sale now; a download once and not owned already; a physical product no more than is left to buy. Otherwise 422 names each refused line (`body.items.N._id` or `.quantity`) with a sentence, and nothing changes. A cart holds no stock.",
      body: putCartBody,
      response: { 200: cart },
    },
    handler: async (req) => deps.cart.replace(currentUser(req), req.body),
  });

  app.post("/cart/merge", {
    config: { access: "user" },
    schema: {
      tags,
      summary: "Adds the browser's cart to the member's (at login) and answers the result",
      description:
        "Quantities of the same product add up, cut to what is left to buy and to 99; a download counts once. Lines whose product is gone or not for sale, sold out, owned already (a download), or past 50 lines leave the cart: `dropped` names them, `reduced` the lines that were cut. Sending no items settles the saved cart the same way.",
      body: mergeCartBody,
      response: { 200: mergedCart },
    },
    handler: async (req) => deps.cart.merge(currentUser(req), req.body),
  });
};
