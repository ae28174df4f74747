import { MantineProvider } from "@mantine/core";
import type { Banner } from "@marquee/contracts/content";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ExtraWidgetArea, ExtraWidgetSlot } from "./ExtraWidget.tsx";

const promo: Banner = {
  _id: "0190c0de-0000-7000-8000-000000000001",
  title: "Join the club",
  description: "Every members movie and gallery, one price",
  href: "/membership",
  position: "bottom",
  image: null,
  ordering: 0,
  status: "active",
};

/** The widget as the primary layout renders it, with the root loader's promos. */
async function render(promos: Banner[]): Promise<string> {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => ({ promos }),
        element: (
          <ExtraWidgetSlot>
            <ExtraWidgetArea />
          </ExtraWidgetSlot>
        ),
      },
    ],
    { initialEntries: ["/"] },
  );
  await router.initialize().navigate("/");
  return renderToStaticMarkup(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe("the primary layout's extra widget (SPEC section 2)", () => {
  it("shows the bottom promos, each linking where its admin pointed it", async () => {
    const html = await render([promo]);
    expect(html).toMatch(/<aside aria-label="Promotions" data-slot="extra-widget">/);
    expect(html).toContain("Join the club");
    expect(html).toContain("Every members movie and gallery, one price");
    expect(html).toMatch(/<a [^>]*href="\/membership"/);
  });

  it("shows no promo when there is none", async () => {
    const html = await render([]);
    expect(html).not.toContain('data-testid="site-promos"');
  });
});
