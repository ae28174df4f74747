import { describe, expect, it } from "vitest";
import { initials } from "./CardImage.tsx";
import { accessLabel, formatCount, formatPrice, paragraphs } from "./format.ts";
import { galleryPath, moviePath, performerPath, postPath } from "./links.ts";

describe("catalogue formatting", () => {
  it("formats prices and counts", () => {
    expect(formatPrice(9.99, "$")).toBe("$9.99");
    expect(formatPrice(10, "€")).toBe("€10");
    expect(formatPrice(9.5)).toBe("$9.50");
    expect(formatCount(950)).toBe("950");
    expect(formatCount(1234)).toBe("1.2K");
    expect(formatCount(1000)).toBe("1K");
    expect(formatCount(25_400)).toBe("25K");
    expect(formatCount(2_500_000)).toBe("2.5M");
  });

  it("labels access: coming with its date, then price, members, free", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    expect(accessLabel({ access: "free", price: null }, "$", now)).toEqual({ tone: "free", text: "Free" });
    expect(accessLabel({ access: "members", price: null }, "$", now)).toEqual({ tone: "members", text: "Members" });
    expect(accessLabel({ access: "sale", price: 4.99 }, "£", now)).toEqual({ tone: "sale", text: "£4.99" });
    expect(accessLabel({ access: "sale", price: null }, "$", now)).toEqual({ tone: "sale", text: "For sale" });
    expect(
      accessLabel({ access: "sale", price: 4.99, isComing: true, scheduledAt: "2026-07-04T10:00:00Z" }, "$", now),
    ).toEqual({ tone: "coming", text: "Coming 4 Jul" });
    expect(accessLabel({ access: "free", price: null, isComing: true, scheduledAt: null }, "$", now).text).toBe(
      "Coming soon",
    );
  });

  it("splits plain text into paragraphs at blank lines", () => {
    expect(paragraphs("One\nline two\n\n\nTwo\r\n\r\nThree  ")).toEqual(["One\nline two", "Two", "Three"]);
    expect(paragraphs("<b>not html</b>")).toEqual(["<b>not html</b>"]);
    expect(paragraphs("")).toEqual([]);
    expect(paragraphs(null)).toEqual([]);
  });

  it("builds initials and item paths", () => {
    expect(initials("Ava Stone")).toBe("AS");
    expect(initials("mia")).toBe("M");
    expect(initials("Jo Anne Marie Lee")).toBe("JL");
    expect(initials("  ")).toBe("?");
    expect(performerPath({ username: "ava" })).toBe("/performers/ava");
    expect(moviePath({ slug: "sunset-run" })).toBe("/movies/sunset-run");
    expect(galleryPath({ _id: "0190" })).toBe("/galleries/0190");
    expect(postPath({ slug: "a b" })).toBe("/posts/a%20b");
  });
});
