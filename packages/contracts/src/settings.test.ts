import { describe, expect, it } from "vitest";
import { settingDefinitions, settingGroups, settingKeys } from "./settings.ts";

describe("setting definitions", () => {
  it.each(settingKeys)("%s has a default its own schema accepts and a known group", (key) => {
    const def = settingDefinitions[key];
    expect(def.schema.safeParse(def.default).success).toBe(true);
    expect(settingGroups).toContain(def.group);
  });

  it("keeps secrets and operator addresses out of the public settings", () => {
    expect(settingDefinitions.contactEmail.public).toBe(false);
    expect(settingDefinitions.performerCommission.public).toBe(false);
  });

  it("defaults match SPEC section 9 (currency USD, symbol $)", () => {
    expect(settingDefinitions.currency.default).toBe("USD");
    expect(settingDefinitions.currencySymbol.default).toBe("$");
    expect(settingDefinitions.maintenanceMode.default).toBe(false);
  });
});
