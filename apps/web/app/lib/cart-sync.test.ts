import { describe, expect, it } from "vitest";
import { mergeNotices, toApiLine, toCartState, withChangesSince } from "./cart-sync.ts";
import { addressErrors, draftOf, EMPTY_ADDRESS, NEW_ADDRESS, shippingPayload } from "./checkout-address.ts";
import { addressLines, shippingSentence } from "./orders.ts";

const ID = "0190a000-0000-7000-8000-000000000001";

describe("the cart kept on the server", () => {
  it("sends each line with its quantity (1 when not said) and the price it was added at", () => {
    expect(toApiLine({ _id: ID })).toEqual({ _id: ID, quantity: 1 });
    expect(toApiLine({ _id: ID, quantity: 3, price: 12.5 })).toEqual({ _id: ID, quantity: 3, price: 12.5 });
    expect(toApiLine({ _id: ID, price: 5e6 })).toEqual({ _id: ID, quantity: 1 });
  });

  it("keeps the server's cart as SPEC's cart: items and their total", () => {
    expect(toCartState({ items: [{ _id: ID, quantity: 2, price: 4 }] })).toEqual({
      total: 2,
      items: [{ _id: ID, quantity: 2, price: 4 }],
    });
  });

  it("tells the member, in sentences, each line a merge dropped or cut", () => {
    expect(
      mergeNotices({
        dropped: [
          { _id: "x", title: null, reason: "unavailable" },
          { _id: ID, title: "Tour poster", reason: "sold-out" },
          { _id: ID, title: "Photo book", reason: "owned" },
          { _id: ID, title: "Mug", reason: "full" },
        ],
        reduced: [{ _id: ID, title: "Cap", quantity: 2 }],
      }),
    ).toEqual([
      "A product is no longer for sale and was taken out of your cart.",
      "“Tour poster” is sold out and was taken out of your cart.",
      "You already own “Photo book”: it was taken out of your cart.",
      "“Mug” did not fit: a cart holds 50 products.",
      "Your cart now holds 2 of “Cap”, as many as can be bought.",
    ]);
    expect(mergeNotices({ dropped: [], reduced: [] })).toEqual([]);
  });
});

const SAVED = {
  _id: ID,
  recipientName: "Ada Lovelace",
  line1: "12 St James's Square",
  line2: null,
  city: "London",
  region: "Greater London",
  postalCode: "SW1Y 4JH",
  country: "GB",
  countryName: "United Kingdom",
  phone: "+44 20 7946 0000",
  lastUsedAt: "2026-11-27T08:00:00.000Z",
};

describe("a merge answered after the member changed the cart", () => {
  const cart = (...items: Array<[string, number]>) =>
    toCartState({ items: items.map(([_id, quantity]) => ({ _id, quantity })) });

  it("keeps a line added, a quantity changed and a line taken out meanwhile, on top of the merged cart", () => {
    const before = cart(["mug", 1], ["cap", 2]);
    const now = cart(["mug", 3], ["scarf", 1]);
    const merged = cart(["mug", 2], ["cap", 2], ["book", 1]);
    const after = withChangesSince(merged, before, now);
    expect(after.items.map((i) => [i._id, i.quantity])).toEqual([
      ["mug", 4],
      ["book", 1],
      ["scarf", 1],
    ]);
    expect(after.total).toBe(6);
  });

  it("is the merged cart itself when nothing changed meanwhile", () => {
    const before = cart(["mug", 1]);
    const merged = cart(["mug", 2]);
    expect(withChangesSince(merged, before, before)).toBe(merged);
    expect(withChangesSince(merged, before, cart(["mug", 1]))).toBe(merged);
  });
});

describe("the checkout's address", () => {
  it("sends the saved address chosen, or the new one without a blank second line", () => {
    expect(shippingPayload(ID, EMPTY_ADDRESS, [SAVED], false)).toEqual({
      shippingAddress: { ...draftOf(SAVED), line2: undefined },
      saveAddress: true,
    });
    const draft = { ...draftOf(SAVED), line2: "  ", city: "Leeds" };
    const fresh = shippingPayload(NEW_ADDRESS, draft, [SAVED], false);
    expect(fresh.saveAddress).toBe(false);
    expect(fresh.shippingAddress).not.toHaveProperty("line2");
    expect(fresh.shippingAddress.city).toBe("Leeds");
  });

  it("puts the API's field errors on the form's fields", () => {
    expect(
      addressErrors({ "shippingAddress.city": "Enter a town or city.", products: "x", "shippingAddress.nope": "y" }),
    ).toEqual({ city: "Enter a town or city." });
  });

  it("writes an order's address as on a parcel, and says where it ships", () => {
    const delivery = { ...SAVED, line2: "Flat 2" };
    expect(addressLines(delivery)).toEqual([
      "Ada Lovelace",
      "12 St James's Square",
      "Flat 2",
      "London, Greater London SW1Y 4JH",
      "United Kingdom",
      "Phone: +44 20 7946 0000",
    ]);
    expect(shippingSentence(delivery)).toBe("We'll ship your order to Ada Lovelace, London.");
    const old = { ...delivery, recipientName: null, city: null, region: null, country: null, countryName: null };
    expect(addressLines(old)).toEqual(["12 St James's Square", "Flat 2", "SW1Y 4JH", "Phone: +44 20 7946 0000"]);
    expect(shippingSentence(old)).toBe("We'll ship your order to the address below.");
  });
});
