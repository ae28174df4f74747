import { describe, expect, it } from "vitest";
import { tFor } from "../../i18n/i18n.ts";
import { loadMessages } from "../../i18n/messages.ts";
import { revenueSummary } from "./RevenueChart.tsx";

const point = (
  start: string,
  kinds: Partial<Record<"sales" | "memberships" | "subscriptions" | "tips" | "store", number>>,
) => {
  const p = { sales: 0, memberships: 0, subscriptions: 0, tips: 0, store: 0, ...kinds };
  return { start, ...p, total: p.sales + p.memberships + p.subscriptions + p.tips + p.store };
};
const money = (n: number) => `$${n.toFixed(2)}`;

/** What screen readers hear of the dashboard's revenue chart: the period, the total and the best bucket. */
describe("revenueSummary", () => {
  const points = [
    point("2026-11-01", {}),
    point("2026-11-02", { sales: 9.99, tips: 5 }),
    point("2026-11-03", { store: 30, memberships: 12.5 }),
  ];

  it("names the period, the total and the best day, in English and in Spanish", async () => {
    await loadMessages("es");
    expect(revenueSummary(points, "day", money, tFor("en"), "en")).toBe(
      "Revenue by day, 1 Nov 2026 to 3 Nov 2026: $57.49 in total; the most, $42.50, in 3 Nov 2026.",
    );
    expect(revenueSummary(points, "day", money, tFor("es"), "es")).toBe(
      "Ingresos por día, del 1 nov 2026 al 3 nov 2026: $57.49 en total; lo máximo, $42.50, en 3 nov 2026.",
    );
  });

  it("says when there is no revenue, or no data", () => {
    expect(revenueSummary([point("2026-01-01", {})], "month", money, tFor("en"), "en")).toBe(
      "Revenue by month, Jan 2026 to Jan 2026: no revenue.",
    );
    expect(revenueSummary([], "day", money, tFor("en"), "en")).toBe("Revenue: no data for this period.");
  });
});
