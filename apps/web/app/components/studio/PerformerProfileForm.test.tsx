import { MantineProvider } from "@mantine/core";
import type { Performer } from "@marquee/contracts/performers";
import { renderToStaticMarkup } from "react-dom/server";
import { Provider } from "react-redux";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { yearlyPriceWarning } from "../../lib/studio-forms.ts";
import { makeStore } from "../../state/store.ts";
import { PerformerProfileForm } from "./PerformerProfileForm.tsx";

const performer = (monthlyPrice: number | null, yearlyPrice: number | null): Performer => ({
  _id: "11111111-1111-4111-8111-111111111111",
  username: "pat",
  name: "Pat",
  avatar: null,
  avatarSrcSet: null,
  cover: null,
  coverImage: null,
  bio: null,
  gender: null,
  country: null,
  languages: [],
  attributes: {
    ethnicity: null,
    bodyType: null,
    hairColor: null,
    eyeColor: null,
    height: null,
    sexualOrientation: null,
  },
  categories: [],
  stats: { views: 0, likes: 0, videos: 0, galleries: 0, products: 0, subscribers: 0, followers: 0 },
  monthlyPrice,
  yearlyPrice,
  status: "active",
  createdAt: "2030-01-01T00:00:00.000Z",
});

const WARNING = "The yearly price is more than 12 monthly prices ($119.88): fans would pay less month by month.";

function html(p: Performer): string {
  const form = <PerformerProfileForm performer={p} options={{ languages: [], categories: [] }} />;
  const router = createMemoryRouter([{ path: "/", element: form }]);
  return renderToStaticMarkup(
    <Provider store={makeStore()}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
}

describe("the subscription prices of the performer profile form", () => {
  it("warns when the yearly price is above 12 monthly prices", () => {
    expect(html(performer(9.99, 150))).toContain(WARNING);
  });

  it("says nothing when the yearly price is at most 12 monthly prices, or either is not offered", () => {
    for (const [monthly, yearly] of [
      [9.99, 99],
      [9.99, 119.88],
      [9.99, null],
      [null, 150],
    ] as const) {
      expect(html(performer(monthly, yearly)), `${monthly} / ${yearly}`).not.toContain("The yearly price is more");
    }
  });

  it("compares what the performer is typing, in the site's currency", () => {
    expect(yearlyPriceWarning({ monthlyPrice: "10", yearlyPrice: "120.01" }, "€")).toBe(
      "The yearly price is more than 12 monthly prices (€120): fans would pay less month by month.",
    );
    expect(yearlyPriceWarning({ monthlyPrice: "10", yearlyPrice: "120" }, "€")).toBeNull();
    expect(yearlyPriceWarning({ monthlyPrice: "", yearlyPrice: "500" })).toBeNull();
  });
});
