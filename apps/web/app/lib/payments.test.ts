import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { checkoutCall, couponError, quoteLine, retryLink } from "./payments.ts";

const ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

describe("checkoutCall", () => {
  it("buys a movie or a gallery, with the coupon when one was typed", () => {
    expect(checkoutCall({ kind: "video", id: ID })).toEqual({ path: `/payment/purchase-video/${ID}` });
    expect(checkoutCall({ kind: "gallery", id: ID, couponCode: " SAVE10 " })).toEqual({
      path: `/payment/purchase-gallery/${ID}`,
      body: { couponCode: "SAVE10" },
    });
  });

  it("unlocks a paid feed post", () => {
    expect(checkoutCall({ kind: "post", id: ID })).toEqual({ path: `/feed-posts/${ID}/unlock` });
    expect(checkoutCall({ kind: "post", id: ID, couponCode: "SAVE10" })).toEqual({
      path: `/feed-posts/${ID}/unlock`,
      body: { couponCode: "SAVE10" },
    });
  });

  it("unlocks a paid message's media", () => {
    expect(checkoutCall({ kind: "message", id: ID })).toEqual({ path: `/messages/${ID}/unlock` });
  });

  it("subscribes to a package or to a performer for a period", () => {
    expect(checkoutCall({ kind: "package", id: ID })).toEqual({ path: "/payment/subscribe", body: { packageId: ID } });
    expect(checkoutCall({ kind: "performer", id: ID, period: "yearly", couponCode: "X1Y" })).toEqual({
      path: "/payment/subscribe",
      body: { performerId: ID, type: "yearly", couponCode: "X1Y" },
    });
  });

  it("sends the billing place the tax depends on, when the form asked for it", () => {
    expect(checkoutCall({ kind: "video", id: ID, billingCountry: "LU", billingRegion: "" })).toEqual({
      path: `/payment/purchase-video/${ID}`,
      body: { billingCountry: "LU" },
    });
    expect(checkoutCall({ kind: "package", id: ID, billingCountry: "ES", billingRegion: "ES-CN" })).toEqual({
      path: "/payment/subscribe",
      body: { packageId: ID, billingCountry: "ES", billingRegion: "ES-CN" },
    });
  });

  it("refuses anything else", () => {
    expect(checkoutCall({ kind: "performer", id: ID, period: "weekly" })).toBeNull();
    expect(checkoutCall({ kind: "product", id: ID })).toBeNull();
    expect(checkoutCall({ kind: "video", id: "../admin" })).toBeNull();
    expect(checkoutCall({})).toBeNull();
  });
});

describe("retryLink", () => {
  it("leads a member who did not pay back to what they wanted: the cart for store orders", () => {
    expect(retryLink({ itemKind: "product", itemId: "p", title: "Mug" })).toEqual({
      to: "/cart",
      label: "Back to your cart",
    });
    expect(retryLink({ itemKind: "video", itemId: "v", title: "Night" })).toEqual({
      to: "/movies/v",
      label: "Back to Night",
    });
    expect(retryLink({ itemKind: "subscription", itemId: "s", title: "Gold" }).to).toBe("/membership");
    expect(retryLink(undefined)).toEqual({ to: "/", label: "Back to the site" });
  });
});

describe("a coupon tried before checkout", () => {
  it("names the coupon and the price it makes", () => {
    const q = { code: "SUMMER20", value: 0.2, title: "Sunset", originalPrice: 9.99, price: 7.99 };
    expect(quoteLine(q)).toBe("Coupon SUMMER20 (20% off): $7.99 instead of $9.99");
    expect(quoteLine({ ...q, value: 0.5, originalPrice: 20, price: 10 }, "€")).toBe(
      "Coupon SUMMER20 (50% off): €10 instead of €20",
    );
  });

  it("shows the API's reason for the field under it", () => {
    const refused = new ApiError({
      statusCode: 422,
      message: "There is no coupon with this code.",
      details: [{ path: "body.couponCode", message: "There is no coupon with this code." }],
    });
    expect(couponError(refused)).toBe("There is no coupon with this code.");
    expect(couponError(new ApiError({ statusCode: 409, message: "You have already bought this movie." }))).toBe(
      "You have already bought this movie.",
    );
  });
});
