import { describe, expect, it } from "vitest";
import { deliveryNews, nextDeliveryStep, orderLineLink, orderRefund, sellerNames } from "./orders.ts";

describe("nextDeliveryStep", () => {
  it("moves a paid physical line one step at a time, asking the shipping code for shipped", () => {
    expect(nextDeliveryStep({ deliveryStatus: "created" }, "paid")).toEqual({
      status: "processing",
      label: "Start preparing",
      needsShippingCode: false,
    });
    expect(nextDeliveryStep({ deliveryStatus: "processing" }, "paid")).toMatchObject({
      status: "shipped",
      needsShippingCode: true,
    });
    expect(nextDeliveryStep({ deliveryStatus: "shipped" }, "paid")).toMatchObject({ status: "delivered" });
  });

  it("offers nothing for delivered, refunded, digital lines or orders that are not paid", () => {
    expect(nextDeliveryStep({ deliveryStatus: "delivered" }, "paid")).toBeNull();
    expect(nextDeliveryStep({ deliveryStatus: "refunded" }, "refunded")).toBeNull();
    expect(nextDeliveryStep({ deliveryStatus: null }, "paid")).toBeNull();
    expect(nextDeliveryStep({ deliveryStatus: "created" }, "pending")).toBeNull();
  });
});

describe("deliveryNews", () => {
  it("tells the buyer where their parcel is, with the shipping code once shipped", () => {
    expect(deliveryNews({ type: "delivery", title: "Poster", deliveryStatus: "processing", shippingCode: null })).toBe(
      "“Poster”: being prepared.",
    );
    expect(deliveryNews({ type: "delivery", title: "Poster", deliveryStatus: "shipped", shippingCode: "ZX-1" })).toBe(
      "“Poster”: shipped (ZX-1).",
    );
  });

  it("ignores other notifications and anything malformed", () => {
    for (const payload of [
      null,
      "x",
      { type: "payment" },
      { type: "delivery", title: 3 },
      { type: "delivery", title: "P", deliveryStatus: "lost" },
    ]) {
      expect(deliveryNews(payload)).toBeNull();
    }
  });
});

describe("orderRefund", () => {
  const line = { title: "Poster" } as Parameters<typeof orderRefund>[0]["lines"][number];
  const buyer = { _id: "b", username: "mia", name: "Mia" };
  const transaction = { _id: "t1", status: "paid" as const, gateway: "sandbox", amount: 18 };

  it("refunds the order's paid payment, naming its lines and buyer", () => {
    expect(orderRefund({ transaction, lines: [line, { ...line, title: "Guide" }], buyer })).toEqual({
      _id: "t1",
      amount: 18,
      items: [{ title: "Poster" }, { title: "Guide" }],
      buyer,
    });
  });

  it("offers nothing without a paid payment", () => {
    expect(orderRefund({ transaction: { ...transaction, status: "refunded" }, lines: [line], buyer })).toBeNull();
    expect(orderRefund({ transaction: { ...transaction, status: "pending" }, lines: [line], buyer })).toBeNull();
    expect(orderRefund({ transaction: null, lines: [line], buyer })).toBeNull();
    expect(orderRefund({ lines: [line], buyer })).toBeNull();
  });
});

describe("sellerNames", () => {
  it("names a line's sellers, or a dash", () => {
    expect(sellerNames({ sellers: [{ name: "Ava" }, { name: "Lucas" }] })).toBe("Ava, Lucas");
    expect(sellerNames({ sellers: [] })).toBe("—");
    expect(sellerNames({})).toBe("—");
  });
});

describe("order lines", () => {
  it("link to their items: a movie, a gallery or a product; a subscription has no page of its own", () => {
    const id = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
    expect(orderLineLink({ itemKind: "video", itemId: id })).toBe(`/movies/${id}`);
    expect(orderLineLink({ itemKind: "gallery", itemId: id })).toBe(`/galleries/${id}`);
    expect(orderLineLink({ itemKind: "product", itemId: id })).toBe(`/store/${id}`);
    expect(orderLineLink({ itemKind: "subscription", itemId: id })).toBeNull();
  });
});
