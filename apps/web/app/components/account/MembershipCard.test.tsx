import { MantineProvider } from "@mantine/core";
import type { Subscription } from "@marquee/contracts/subscriptions";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { SubscriptionRow } from "./MembershipCard.tsx";

const base: Subscription = {
  _id: "11111111-1111-4111-8111-111111111111",
  kind: "performer",
  status: "active",
  period: "recurring",
  price: 9.99,
  renews: true,
  active: true,
  startedAt: "2026-11-26T10:00:00.000Z",
  expiresAt: "2026-12-26T10:00:00.000Z",
  cancelledAt: null,
  package: null,
  performer: { _id: "22222222-2222-4222-8222-222222222222", username: "piper", name: "Piper Performer" },
  gateway: "sandbox",
};

/** The text of the row's badge. */
function text(s: Subscription): string {
  const router = createMemoryRouter([{ path: "/", element: <SubscriptionRow s={s} onCancel={() => {}} /> }]);
  const html = renderToStaticMarkup(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  const badge = /data-testid="subscription-badge">(.*?)<\/div>/.exec(html)?.[1] ?? "";
  return badge.replace(/<[^>]+>/g, "");
}

describe("a subscription row", () => {
  it("shows a renewing subscription's period", () => {
    expect(text(base)).toBe("recurring");
  });

  it("shows the day a cancelled subscription ends instead of its period", () => {
    const cancelled = { ...base, status: "cancelled" as const, renews: false, cancelledAt: "2026-11-27T10:00:00.000Z" };
    expect(text(cancelled)).toBe("Ends 26 Dec 2026");
  });
});
