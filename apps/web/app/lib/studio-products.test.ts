import { createProductBody, updateProductBody } from "@marquee/contracts/products";
import { describe, expect, it } from "vitest";
import { productListing, schemaErrors, stockLabel } from "./studio.ts";
import { productBody, productFormValues, validateProductForm } from "./studio-forms.ts";
import { fileProblem, inOrder, moveId } from "./studio-media.ts";

const PERFORMER = { _id: "0190d5a0-0000-7000-8000-000000000001" };
const CATEGORY = { _id: "0190d5a0-0000-7000-8000-0000000000c1" };

const poster = {
  title: "Signed poster",
  description: "A2, signed",
  type: "physical" as const,
  price: 18,
  stock: 10,
  status: "active" as const,
  categories: [CATEGORY],
  performers: [PERFORMER],
};

describe("product form <-> API body", () => {
  it("round-trips a physical product, with its type only when it is created", () => {
    const values = productFormValues(poster);
    expect(values).toEqual({
      title: "Signed poster",
      description: "A2, signed",
      type: "physical",
      price: 18,
      stock: 10,
      status: "active",
      categoryIds: [CATEGORY._id],
      performerIds: [PERFORMER._id],
    });
    const created = productBody(values, true);
    expect(created).toEqual({
      title: "Signed poster",
      description: "A2, signed",
      type: "physical",
      price: 18,
      stock: 10,
      status: "active",
      categoryIds: [CATEGORY._id],
      performerIds: [PERFORMER._id],
    });
    expect(createProductBody.safeParse(created).success).toBe(true);
    const changed = productBody({ ...values, price: "21.5", title: "  Poster  " }, false);
    expect(changed).not.toHaveProperty("type");
    expect(changed).toMatchObject({ title: "Poster", price: 21.5, stock: 10 });
    // The API refuses a type in an edit (the body is strict).
    expect(updateProductBody.safeParse(changed).success).toBe(true);
    expect(updateProductBody.safeParse(created).success).toBe(false);
  });

  it("sends no stock for a digital product, and no performers unless an admin chose them", () => {
    const values = { ...productFormValues(null), title: "Ebook", type: "digital" as const, price: 5, stock: 3 };
    expect(values.status).toBe("draft");
    const body = productBody(values, true);
    expect(body).not.toHaveProperty("stock");
    expect(body).not.toHaveProperty("performerIds");
    expect(createProductBody.safeParse(body).success).toBe(true);
    expect(productFormValues({ ...poster, type: "digital", stock: null }).stock).toBe("");
  });

  it("asks for a name, a price and a physical product's stock, next to the fields", () => {
    const empty = productFormValues(null);
    expect(validateProductForm(empty)).toEqual({
      title: "Name is required",
      price: "A product needs a price",
      stock: "A physical product needs its stock",
    });
    expect(validateProductForm({ ...empty, title: "x", price: 2, stock: 1.5 })).toEqual({
      stock: "Stock is a whole number, 0 or more",
    });
    expect(validateProductForm({ ...empty, title: "x", price: 2, stock: 0 })).toEqual({});
    expect(validateProductForm({ ...empty, title: "x", price: 2, type: "digital" })).toEqual({});
    // The contract's own rules come out by field too, e.g. a price under the lowest one.
    expect(schemaErrors(createProductBody, productBody({ ...empty, title: "x", price: 0.1, stock: 1 }, true))).toEqual({
      price: "The lowest price is 0.50",
    });
  });
});

describe("product labels", () => {
  it("says how many are in stock, sold out, or that it is downloaded", () => {
    expect(stockLabel({ type: "physical", stock: 1200 })).toBe("1,200 in stock");
    expect(stockLabel({ type: "physical", stock: 0 })).toBe("Sold out");
    expect(stockLabel({ type: "digital", stock: null })).toBe("Download");
  });

  it("tells why the store does not list a product", () => {
    const file = { name: "book.pdf", sizeBytes: 10, contentType: "application/pdf" };
    expect(productListing({ status: "active", type: "physical", file: null })).toEqual({ listed: true, reason: null });
    expect(productListing({ status: "active", type: "digital", file })).toEqual({ listed: true, reason: null });
    expect(productListing({ status: "active", type: "digital", file: null }).reason).toMatch(/Upload its file/);
    expect(productListing({ status: "draft", type: "physical", file: null })).toEqual({
      listed: false,
      reason: "Draft: make it active to list it in the store.",
    });
  });
});

describe("product pictures and file", () => {
  it("moves one picture and gives every id in the new order", () => {
    expect(moveId(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
    expect(moveId(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveId(["a", "b"], 0, 0)).toBeNull();
    expect(moveId(["a", "b"], 1, 2)).toBeNull();
    expect(moveId(["a", "b"], -1, 0)).toBeNull();
  });

  it("shows the pictures in a chosen order until the list is read again", () => {
    const images = [{ _id: "a" }, { _id: "b" }, { _id: "c" }];
    expect(inOrder(images, ["c", "a", "b"]).map((i) => i._id)).toEqual(["c", "a", "b"]);
    expect(inOrder(images, ["b"]).map((i) => i._id)).toEqual(["b", "a", "c"]);
    expect(inOrder(images, null)).toEqual(images);
  });

  it("takes any file that is not empty as a digital product's file", () => {
    expect(fileProblem({ type: "application/pdf", size: 10 }, "file", { imageMaxMb: 8 })).toBeNull();
    expect(fileProblem({ type: "", size: 10 }, "file", { imageMaxMb: 8 })).toBeNull();
    expect(fileProblem({ type: "text/plain", size: 0 }, "file", { imageMaxMb: 8 })).toBe("This file is empty.");
  });
});
