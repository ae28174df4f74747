import { bannerBody, categoryBody, postBody, updateBannerBody } from "@marquee/contracts/content";
import { describe, expect, it } from "vitest";
import {
  bannerFormValues,
  bannerRequestBody,
  categoryFormValues,
  categoryRequestBody,
  postFormValues,
  postRequestBody,
  sortCategories,
} from "./admin-catalogue.ts";
import { schemaErrors } from "./studio.ts";

const ID = "0190d5a0-0000-7000-8000-0000000000c1";

describe("category form <-> API body", () => {
  it("starts in the chosen group and derives the slug on the API", () => {
    const values = categoryFormValues(null, "gallery");
    expect(values).toEqual({ name: "", slug: "", group: "gallery", description: "", ordering: 0, status: "active" });
    const body = categoryRequestBody({ ...values, name: "  Outdoor ", ordering: "" });
    expect(body).toEqual({ name: "Outdoor", group: "gallery", description: "", ordering: 0, status: "active" });
    expect(categoryBody.safeParse(body).success).toBe(true);
  });

  it("keeps an edited category's slug and order", () => {
    const values = categoryFormValues({
      _id: ID,
      name: "Studio",
      slug: "studio",
      group: "video",
      description: "Indoors",
      ordering: 4,
      status: "inactive",
    });
    expect(categoryRequestBody({ ...values, slug: " Studio-Shots ", ordering: 7.9 })).toEqual({
      name: "Studio",
      slug: "studio-shots",
      group: "video",
      description: "Indoors",
      ordering: 7,
      status: "inactive",
    });
  });

  it("reports the contract's errors by field", () => {
    expect(schemaErrors(categoryBody, categoryRequestBody({ ...categoryFormValues(null), name: " " }))).toHaveProperty(
      "name",
    );
    expect(
      schemaErrors(categoryBody, categoryRequestBody({ ...categoryFormValues(null), name: "x", slug: "no spaces!" })),
    ).toHaveProperty("slug");
  });
});

describe("post form <-> API body", () => {
  it("round-trips a post", () => {
    const values = postFormValues({
      _id: ID,
      slug: "welcome",
      title: "Welcome",
      summary: "Hello",
      content: "Para one\n\nPara two",
      type: "page",
      status: "published",
      image: null,
      template: false,
      publishedAt: null,
      createdAt: "2030-01-01T00:00:00.000Z",
      updatedAt: "2030-01-01T00:00:00.000Z",
    });
    const body = postRequestBody(values);
    expect(body).toEqual({
      title: "Welcome",
      slug: "welcome",
      summary: "Hello",
      content: "Para one\n\nPara two",
      type: "page",
      status: "published",
    });
    expect(postBody.safeParse(body).success).toBe(true);
  });

  it("starts as a draft post", () => {
    expect(postRequestBody({ ...postFormValues(null), title: "News" })).toEqual({
      title: "News",
      summary: "",
      content: "",
      type: "post",
      status: "draft",
    });
  });
});

describe("banner form <-> API body", () => {
  it("sends an empty link as null and validates links like the API", () => {
    const values = { ...bannerFormValues(null), title: "Summer sale" };
    const body = bannerRequestBody(values);
    expect(body).toEqual({
      title: "Summer sale",
      description: "",
      href: null,
      position: "top",
      ordering: 0,
      status: "active",
    });
    expect(bannerBody.safeParse(body).success).toBe(true);
    expect(schemaErrors(bannerBody, bannerRequestBody({ ...values, href: "javascript:alert(1)" }))).toEqual({
      href: "Use a path starting with / or an http(s) address",
    });
    expect(updateBannerBody.safeParse(bannerRequestBody({ ...values, href: " /movies " })).data?.href).toBe("/movies");
  });

  it("fills from a banner", () => {
    expect(
      bannerFormValues({
        _id: ID,
        title: "T",
        description: "D",
        href: "https://example.com",
        position: "middle",
        image: null,
        ordering: 2,
        status: "inactive",
      }),
    ).toEqual({
      title: "T",
      description: "D",
      href: "https://example.com",
      position: "middle",
      ordering: 2,
      status: "inactive",
    });
  });
});

describe("lists", () => {
  it("orders categories by ordering, then name", () => {
    expect(
      sortCategories([
        { ordering: 2, name: "b" },
        { ordering: 1, name: "z" },
        { ordering: 2, name: "a" },
      ]).map((c) => c.name),
    ).toEqual(["z", "a", "b"]);
  });
});
