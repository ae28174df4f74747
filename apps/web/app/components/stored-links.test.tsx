import type { Banner } from "@marquee/contracts/content";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { BannerSlide } from "./catalogue/BannerCarousel.tsx";
import { SiteLink } from "./SiteLink.tsx";

/**
 * Links stored before the shared link rule (or in a tampered local copy of the settings) must not become live
 * links: the server-rendered HTML is what the browser follows before the app hydrates.
 */
const OFF_SITE = [
  "/\t/evil.example/x",
  "/\n/evil.example/x",
  "/\\evil.example",
  "//evil.example",
  "javascript:alert(1)",
  " JaVaScRiPt:alert(1)",
  "data:text/html,x",
];

const html = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe("menu links", () => {
  it.each(OFF_SITE)("an entry with %j is not rendered", (path) => {
    for (const isOpenNewTab of [false, true]) {
      const out = html(<SiteLink item={{ title: "Away", path, isOpenNewTab }} />);
      expect(out).toBe("");
    }
  });

  it("renders site paths and http(s) addresses as links", () => {
    expect(html(<SiteLink item={{ title: "Movies", path: "/movies", isOpenNewTab: false }} />)).toContain(
      'href="/movies"',
    );
    const external = html(
      <SiteLink item={{ title: "Blog", path: "https://blog.example.com/", isOpenNewTab: false }} />,
    );
    expect(external).toContain('href="https://blog.example.com/"');
  });
});

describe("banner links", () => {
  const banner = (href: string | null): Banner => ({
    _id: "01890000-0000-7000-8000-000000000000",
    title: "Sale",
    description: "",
    href,
    position: "top",
    image: null,
    ordering: 0,
    status: "active",
  });

  it.each(OFF_SITE)("a banner linking to %j is shown without a link", (href) => {
    const out = html(<BannerSlide banner={banner(href)} first />);
    expect(out).toContain("Sale");
    expect(out).not.toContain("href");
    expect(out).not.toContain("Explore");
  });

  it("links to a site path and to an http(s) address", () => {
    expect(html(<BannerSlide banner={banner("/movies")} first />)).toContain('href="/movies"');
    expect(html(<BannerSlide banner={banner("https://example.com/x")} first />)).toContain(
      'href="https://example.com/x"',
    );
  });
});
