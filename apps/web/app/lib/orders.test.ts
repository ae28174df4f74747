import { describe, expect, it } from "vitest";
import { nextDeliveryStep } from "./orders.ts";

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
