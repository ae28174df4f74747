import { describe, expect, it } from "vitest";
import { gatewayFields, gatewayKeys } from "./payment-gateway.ts";
import { isSecretSetting, settingDefinitions, settingGroups, settingKeys } from "./settings.ts";

describe("setting definitions", () => {
  it.each(settingKeys)("%s has a default its own schema accepts and a known group", (key) => {
    const def = settingDefinitions[key];
    expect(def.schema.safeParse(def.default).success).toBe(true);
    expect(settingGroups).toContain(def.group);
  });

  it("keeps secrets and operator addresses out of the public settings", () => {
    expect(settingDefinitions.contactEmail.public).toBe(false);
    expect(settingDefinitions.performerCommission.public).toBe(false);
    const secrets = settingKeys.filter(isSecretSetting);
    expect(secrets).toEqual([
      "stripeSecretKey",
      "stripeWebhookSecret",
      "ccbillSalt",
      "ccbillWebhookSecret",
      "ccbillDatalinkPassword",
    ]);
    for (const key of secrets) expect(settingDefinitions[key].public, key).toBe(false);
    // The gateway's other settings (account numbers, the gateway's name) are no one's business either.
    for (const key of gatewayKeys) expect(settingDefinitions[key].public, key).toBe(false);
  });

  it("has a setting in the payment group for the gateway and each of its keys, secret where the key is", () => {
    for (const key of gatewayKeys) {
      expect(settingDefinitions[key].group).toBe("payment");
      expect(isSecretSetting(key), key).toBe(gatewayFields[key].secret);
    }
  });

  it.each([
    ["paymentGateway", "stripe", "paypal"],
    ["stripeSecretKey", " sk_live_abc ", "pk_live_abc"],
    ["stripeWebhookSecret", "whsec_abc", "whsec_"],
    ["ccbillAccount", "900100", "9001"],
    ["ccbillSubaccount", "0000", "00000"],
    ["ccbillFlexformId", "687fa3e0-e60d-4466", "not a flex id"],
    ["ccbillWebhookSecret", "0123456789abcdef01234567", "too-short"],
    ["ccbillWebhookIps", "64.38.212.0/24, 2001:db8::/32", "64.38.212.0/33"],
  ] as const)(
    "checks %s with the start's rule (%j yes, %j no), and takes an empty string to clear it",
    (key, good, bad) => {
      const schema = settingDefinitions[key].schema;
      expect(schema.safeParse(good).data).toBe(good.trim());
      const refused = schema.safeParse(bad);
      expect(refused.success).toBe(false);
      expect(refused.error?.issues[0]?.message).toBe(`Expected ${gatewayFields[key].expected}`);
      expect(schema.safeParse("").data).toBe("");
      expect(schema.safeParse(42).success).toBe(false);
    },
  );

  it("defaults match SPEC section 9 (currency USD, symbol $)", () => {
    expect(settingDefinitions.currency.default).toBe("USD");
    expect(settingDefinitions.currencySymbol.default).toBe("$");
    expect(settingDefinitions.maintenanceMode.default).toBe(false);
  });
});
