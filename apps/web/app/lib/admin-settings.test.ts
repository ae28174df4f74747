import { describe, expect, it } from "vitest";
import {
  type AdminSetting,
  CLEAR_SECRET,
  changedSettings,
  deepEqual,
  formValuesFrom,
  fromMenuRows,
  keysOfGroup,
  type MenuRow,
  newMenuRow,
  nonEmptyGroups,
  settingFieldErrors,
  toMenuRows,
  validateSettings,
} from "./admin-settings.ts";

const setting = (key: string, value: unknown, group = "general"): AdminSetting => ({
  key,
  value,
  group,
  public: true,
  updatedAt: null,
});

describe("settings groups", () => {
  it("lists the keys of a group in the contract's order", () => {
    expect(keysOfGroup("payment").slice(0, 4)).toEqual([
      "currency",
      "currencySymbol",
      "paymentGateway",
      "stripeSecretKey",
    ]);
    expect(keysOfGroup("general")).toContain("menus");
    expect(nonEmptyGroups()).toEqual(["general", "compliance", "payment", "auth", "email", "commission", "review"]);
    expect(keysOfGroup("review")).toEqual(["reviewMode", "reviewFirstItems"]);
  });
});

describe("menu rows", () => {
  it("orders rows by `ordering`, keeping stored order on ties, and fills gaps", () => {
    const rows = toMenuRows([
      { title: "B", path: "/b", section: "footer", isOpenNewTab: true, ordering: 2 },
      { title: "A", path: "/a", section: "header", ordering: 1 },
      { title: "C", path: "/c", section: "weird", ordering: 2 },
    ]);
    expect(rows.map((r) => [r.title, r.section, r.isOpenNewTab])).toEqual([
      ["A", "header", false],
      ["B", "footer", true],
      ["C", "header", false],
    ]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
    expect(toMenuRows(null)).toEqual([]);
  });

  it("turns rows back into menus with trimmed text and ordering by position, without the row id", () => {
    const rows: MenuRow[] = [
      newMenuRow({ title: " Blog ", path: " /blog ", section: "footer" }),
      newMenuRow({ title: "Docs", path: "https://example.test", isOpenNewTab: true }),
    ];
    expect(fromMenuRows(rows)).toEqual([
      { title: "Blog", path: "/blog", section: "footer", isOpenNewTab: false, ordering: 0 },
      { title: "Docs", path: "https://example.test", section: "header", isOpenNewTab: true, ordering: 1 },
    ]);
  });
});

describe("deepEqual", () => {
  it("ignores key order and undefined keys, but not array order", () => {
    expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: 1 }, { a: "1" })).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual([], {})).toBe(false);
  });
});

describe("changedSettings for the payment gateway's settings", () => {
  const saved = formValuesFrom([
    { ...setting("paymentGateway", "", "payment"), isSet: false },
    { ...setting("stripeSecretKey", null, "payment"), secret: true, isSet: true },
    { ...setting("stripeWebhookSecret", null, "payment"), secret: true, isSet: false },
  ]);
  const keys = ["paymentGateway", "stripeSecretKey", "stripeWebhookSecret"];

  it("holds a secret as an empty field, and an untouched one changes nothing", () => {
    expect(saved.stripeSecretKey).toBe("");
    expect(changedSettings(saved, structuredClone(saved), keys)).toEqual({});
    expect(changedSettings(saved, { ...saved, stripeSecretKey: "   " }, keys)).toEqual({});
  });

  it("sends typed secrets trimmed, an empty string for a cleared one, and the gateway's name", () => {
    expect(
      changedSettings(
        saved,
        { paymentGateway: "stripe", stripeSecretKey: { ...CLEAR_SECRET }, stripeWebhookSecret: " whsec_1 " },
        keys,
      ),
    ).toEqual({ paymentGateway: "stripe", stripeSecretKey: "", stripeWebhookSecret: "whsec_1" });
    // A discarded form (cloned) keeps the marker meaning "clear".
    expect(changedSettings(saved, structuredClone({ ...saved, stripeSecretKey: CLEAR_SECRET }), keys)).toEqual({
      stripeSecretKey: "",
    });
  });

  it("checks them with the start's rules before sending", () => {
    expect(validateSettings({ stripeSecretKey: "pk_live_1", ccbillAccount: "12", paymentGateway: "stripe" })).toEqual({
      stripeSecretKey: "Expected the secret API key, sk_live_… (or sk_test_…)",
      ccbillAccount: "Expected the 6-digit main account number, e.g. 900100",
    });
    expect(validateSettings({ stripeSecretKey: "", paymentGateway: "" })).toEqual({});
  });
});

describe("changedSettings", () => {
  const saved = formValuesFrom([
    setting("siteName", "Marquee"),
    setting("maintenanceMode", false),
    setting("bannerAutoplaySpeed", 5000),
    // Stored orderings with ties and jsonb's own key order: the round trip renumbers them.
    setting("menus", [
      { section: "footer", ordering: 0, title: "Contact", path: "/contact", isOpenNewTab: false },
      { title: "Help", path: "/help", section: "footer", isOpenNewTab: false, ordering: 0 },
    ]),
  ]);
  const keys = ["siteName", "maintenanceMode", "bannerAutoplaySpeed", "menus"];

  it("reports nothing for an untouched form", () => {
    expect(changedSettings(saved, structuredClone(saved), keys)).toEqual({});
  });

  it("reports only the changed keys, with the values to PUT", () => {
    const current = {
      ...saved,
      siteName: "  Marquee Plus ",
      maintenanceMode: true,
    };
    expect(changedSettings(saved, current, keys)).toEqual({ siteName: "Marquee Plus", maintenanceMode: true });
  });

  it("treats whitespace-only edits as no change", () => {
    expect(changedSettings(saved, { ...saved, siteName: "Marquee  " }, keys)).toEqual({});
  });

  it("sees menu edits, additions, removals and reordering", () => {
    const rows = saved.menus as MenuRow[];
    const edited = changedSettings(saved, { ...saved, menus: [{ ...rows[0], title: "Reach us" }, rows[1]] }, keys);
    expect(edited.menus).toEqual([
      { title: "Reach us", path: "/contact", section: "footer", isOpenNewTab: false, ordering: 0 },
      { title: "Help", path: "/help", section: "footer", isOpenNewTab: false, ordering: 1 },
    ]);
    expect(Object.keys(changedSettings(saved, { ...saved, menus: [rows[1], rows[0]] }, keys))).toEqual(["menus"]);
    expect(Object.keys(changedSettings(saved, { ...saved, menus: [rows[0]] }, keys))).toEqual(["menus"]);
    const added = [...rows, newMenuRow({ title: "New", path: "/new" })];
    expect((changedSettings(saved, { ...saved, menus: added }, keys).menus as unknown[]).length).toBe(3);
  });

  it("only looks at the keys it is given", () => {
    expect(changedSettings(saved, { ...saved, siteName: "Other" }, ["maintenanceMode"])).toEqual({});
  });
});

describe("validateSettings", () => {
  it("accepts valid values", () => {
    expect(
      validateSettings({
        siteName: "Marquee",
        currency: "EUR",
        bannerAutoplaySpeed: 3000,
        performerCommission: 0.25,
        contactEmail: "ops@example.test",
        menus: [{ title: "Blog", path: "/blog", section: "header", isOpenNewTab: false, ordering: 0 }],
      }),
    ).toEqual({});
  });

  it("names the failing fields with readable messages", () => {
    expect(
      validateSettings({
        siteName: "",
        currency: "euro",
        bannerAutoplaySpeed: 10,
        performerCommission: "",
        contactEmail: "nope",
        menus: [
          { title: "Blog", path: "/blog", section: "header", isOpenNewTab: false, ordering: 0 },
          { title: "", path: "", section: "footer", isOpenNewTab: false, ordering: 1 },
        ],
      }),
    ).toEqual({
      siteName: "Required",
      currency: "Use a three-letter code such as USD",
      bannerAutoplaySpeed: "Must be at least 1000",
      performerCommission: "Enter a number",
      contactEmail: "Enter a valid email address",
      "menus.1.title": "Required",
      "menus.1.path": "Required",
    });
  });

  it("rejects fractions where whole numbers are needed and ignores unknown keys", () => {
    expect(validateSettings({ bannerAutoplaySpeed: 1500.5, somethingElse: 1 })).toEqual({
      bannerAutoplaySpeed: "Enter a whole number",
    });
  });
});

describe("settingFieldErrors", () => {
  it("maps body.value details to the setting's field and its nested paths", () => {
    const error = {
      statusCode: 400,
      message: "Invalid value",
      details: [
        { path: "body.value", message: "Too long" },
        { path: "body.value.0.title", message: "Required" },
        { path: "body.value.0.title", message: "second message is ignored" },
        { path: "params.key", message: "unknown setting" },
        { path: 3, message: "malformed" },
      ],
    };
    expect(settingFieldErrors("menus", error)).toEqual({ menus: "Too long", "menus.0.title": "Required" });
  });

  it("is empty for errors without details", () => {
    expect(settingFieldErrors("siteName", new Error("boom"))).toEqual({});
    expect(settingFieldErrors("siteName", null)).toEqual({});
    expect(settingFieldErrors("siteName", { details: [{ path: "body.valueX", message: "x" }] })).toEqual({});
  });
});

describe("the commission, a fraction stored and a percentage shown", () => {
  it("shows 0.2 as 20 and saves 12.5 as 0.125, and says a share above 100% is out of range", () => {
    const saved = formValuesFrom([setting("performerCommission", 0.2, "commission")]);
    expect(saved.performerCommission).toBe(20);
    expect(changedSettings(saved, { performerCommission: 20 }, ["performerCommission"])).toEqual({});
    expect(changedSettings(saved, { performerCommission: 12.5 }, ["performerCommission"])).toEqual({
      performerCommission: 0.125,
    });
    expect(formValuesFrom([setting("performerCommission", 0.0725, "commission")]).performerCommission).toBe(7.25);
    const tooMuch = changedSettings(saved, { performerCommission: 150 }, ["performerCommission"]);
    expect(validateSettings(tooMuch)).toEqual({ performerCommission: "Enter a percentage from 0 to 100" });
  });
});
