import { describe, expect, it } from "vitest";
import { seoMeta, summarize } from "./seo.ts";

const matches = [{ id: "root", loaderData: { settings: { siteName: "Club" } } }];

function tag(tags: ReturnType<typeof seoMeta>, key: string): unknown {
  for (const t of tags) {
    if ("title" in t && key === "title") return t.title;
    if ((t as { property?: string }).property === key || (t as { name?: string }).name === key) {
      return (t as { content?: string }).content;
    }
  }
  return undefined;
}

describe("seoMeta", () => {
  it("builds title, description, Open Graph and Twitter tags", () => {
    const tags = seoMeta(matches, {
      title: "Ava Stone",
      description: "Dancer\n\nand   singer",
      image: "http://api/files/a.webp",
      type: "profile",
    });
    expect(tag(tags, "title")).toBe("Ava Stone | Club");
    expect(tag(tags, "description")).toBe("Dancer and singer");
    expect(tag(tags, "og:title")).toBe("Ava Stone | Club");
    expect(tag(tags, "og:description")).toBe("Dancer and singer");
    expect(tag(tags, "og:image")).toBe("http://api/files/a.webp");
    expect(tag(tags, "og:type")).toBe("profile");
    expect(tag(tags, "og:site_name")).toBe("Club");
    expect(tag(tags, "twitter:card")).toBe("summary_large_image");
    expect(tag(tags, "twitter:image")).toBe("http://api/files/a.webp");
  });

  it("makes the API's root-relative media links absolute on the site's public URL for link previews", () => {
    const onSite = [
      { id: "root", loaderData: { settings: { siteName: "Club" }, publicUrl: "https://fans.example.com" } },
    ];
    const tags = seoMeta(onSite, { title: "Ava", image: "/api/files/performers/a/cover-1280.webp" });
    expect(tag(tags, "og:image")).toBe("https://fans.example.com/api/files/performers/a/cover-1280.webp");
    expect(tag(tags, "twitter:image")).toBe("https://fans.example.com/api/files/performers/a/cover-1280.webp");
    // An absolute link (another host's picture) is kept as it is.
    expect(tag(seoMeta(onSite, { image: "https://cdn.example.net/x.webp" }), "og:image")).toBe(
      "https://cdn.example.net/x.webp",
    );
  });

  it("falls back to the site name and the fallback description, without an image", () => {
    const tags = seoMeta([], { title: null, description: "", fallbackDescription: "Browse performers" });
    expect(tag(tags, "title")).toBe("Marquee");
    expect(tag(tags, "description")).toBe("Browse performers");
    expect(tag(tags, "og:type")).toBe("website");
    expect(tag(tags, "og:image")).toBeUndefined();
    expect(tag(tags, "twitter:card")).toBe("summary");
  });

  it("cuts long descriptions at a word boundary", () => {
    const long = `${"word ".repeat(60)}end`;
    const out = summarize(long);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith("word…")).toBe(true);
    expect(summarize("short")).toBe("short");
  });
});
