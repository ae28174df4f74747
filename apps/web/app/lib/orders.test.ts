import { describe, expect, it } from "vitest";
import { deliveryNews, nextDeliveryStep } from "./orders.ts";

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
