import { describe, expect, it } from "vitest";
import { tFor } from "../i18n/i18n.ts";
import { loadMessages } from "../i18n/messages.ts";
import { packageTerms, pricePer } from "./memberships.ts";

describe("packageTerms", () => {
  it("says how long a package lasts and whether it renews", () => {
    expect(packageTerms({ type: "recurring", initialPeriodDays: 30, recurringPeriodDays: 30 })).toBe(
      "Every month, until you cancel",
    );
    expect(packageTerms({ type: "recurring", initialPeriodDays: 7, recurringPeriodDays: 30 })).toBe(
      "A week, then every month until you cancel",
    );
    expect(packageTerms({ type: "single", initialPeriodDays: 365, recurringPeriodDays: null })).toBe(
      "For a year, paid once",
    );
    expect(packageTerms({ type: "trial", initialPeriodDays: 7, recurringPeriodDays: null })).toBe(
      "Free for a week, once",
    );
    expect(packageTerms({ type: "single", initialPeriodDays: 90, recurringPeriodDays: null })).toBe(
      "For 3 months, paid once",
    );
    expect(packageTerms({ type: "single", initialPeriodDays: 10, recurringPeriodDays: null })).toBe(
      "For 10 days, paid once",
    );
  });

  it("names the renewal period beside the price", () => {
    expect(pricePer({ type: "recurring", recurringPeriodDays: 30 })).toBe("/ month");
    expect(pricePer({ type: "recurring", recurringPeriodDays: 45 })).toBe("/ 45 days");
    expect(pricePer({ type: "single", recurringPeriodDays: null })).toBe("");
  });

  it("words the terms in the page's language", async () => {
    await loadMessages("es");
    const es = tFor("es");
    expect(packageTerms({ type: "recurring", initialPeriodDays: 7, recurringPeriodDays: 30 }, es)).toBe(
      "Una semana, luego cada mes hasta que canceles",
    );
    expect(packageTerms({ type: "single", initialPeriodDays: 90, recurringPeriodDays: null }, es)).toBe(
      "Durante 3 meses, con un solo pago",
    );
    expect(packageTerms({ type: "trial", initialPeriodDays: 1, recurringPeriodDays: null }, es)).toBe(
      "Gratis durante un día, una sola vez",
    );
    expect(pricePer({ type: "recurring", recurringPeriodDays: 45 }, es)).toBe("/ 45 días");
  });
});
