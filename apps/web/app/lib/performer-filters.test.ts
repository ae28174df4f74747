import { describe, expect, it } from "vitest";
import { tFor } from "../i18n/i18n.ts";
import { loadMessages } from "../i18n/messages.ts";
import {
  activePerformerFilterCount,
  defaultPerformerFilters,
  optionText,
  type PerformerOptions,
  parsePerformerFilters,
  performerFiltersToApiQuery,
  performerFiltersToSearch,
} from "./performer-filters.ts";

const en = tFor("en");

const opt = (...values: string[]) => values.map((value) => ({ value, text: value }));
const options: PerformerOptions = {
  genders: opt("female", "male"),
  ethnicities: opt("asian"),
  bodyTypes: opt("slim"),
  hairColors: opt("red", "blonde"),
  eyeColors: opt("green"),
  heights: opt("160-170"),
  sexualOrientations: opt("straight"),
};

describe("performer filters", () => {
  it("reads known values from the URL and drops the rest", () => {
    const filters = parsePerformerFilters(
      new URLSearchParams(
        "q=%20ava%20&gender=female&country=gb&category=Dancers&hairColor=red&eyeColor=purple&sort=popular",
      ),
      options,
    );
    expect(filters).toEqual({
      q: "ava",
      gender: "female",
      country: "GB",
      category: "dancers",
      attributes: { hairColor: "red" },
      sort: "popular",
    });
  });

  it("falls back to defaults for bad values", () => {
    const filters = parsePerformerFilters(
      new URLSearchParams("gender=robot&country=Britain&category=no%20way&sort=random&height=tall"),
      options,
    );
    expect(filters).toEqual(defaultPerformerFilters);
    expect(parsePerformerFilters(new URLSearchParams("gender=female"), null).gender).toBeNull();
  });

  it("round-trips through the URL, leaving defaults out", () => {
    expect(performerFiltersToSearch(defaultPerformerFilters)).toBe("");
    const filters = {
      ...defaultPerformerFilters,
      q: "mia lane",
      gender: "male",
      attributes: { bodyType: "slim" },
      sort: "name" as const,
    };
    const search = performerFiltersToSearch(filters);
    expect(search).toBe("?q=mia+lane&gender=male&bodyType=slim&sort=name");
    expect(parsePerformerFilters(new URLSearchParams(search), options)).toEqual(filters);
  });

  it("builds the API query with the category id", () => {
    const filters = {
      ...defaultPerformerFilters,
      q: "ava",
      country: "FR",
      category: "dancers",
      attributes: { hairColor: "red" },
    };
    expect(performerFiltersToApiQuery(filters, "cat-1", 12)).toEqual({
      sortBy: "newest",
      limit: 12,
      q: "ava",
      country: "FR",
      categoryIds: ["cat-1"],
      hairColor: "red",
    });
    expect(performerFiltersToApiQuery(filters, null)).not.toHaveProperty("categoryIds");
    expect(activePerformerFilterCount(filters)).toBe(3);
    expect(activePerformerFilterCount(defaultPerformerFilters)).toBe(0);
  });
});

describe("option words", () => {
  it("spells height ranges in centimetres and keeps other texts", () => {
    expect(optionText("heights", { value: "160-170", text: "160 170" }, en)).toBe("160–170 cm");
    expect(optionText("heights", { value: "under-160", text: "Under 160" }, en)).toBe("Under 160 cm");
    expect(optionText("heights", { value: "over-180", text: "Over 180" }, en)).toBe("Over 180 cm");
    expect(optionText("heights", { value: "tall", text: "Tall" }, en)).toBe("Tall");
    expect(optionText("hairColors", { value: "red", text: "Red" }, en)).toBe("Red");
  });

  it("spells the edges of the height ranges in the page's language", async () => {
    await loadMessages("es");
    const es = tFor("es");
    expect(optionText("heights", { value: "under-160", text: "Under 160" }, es)).toBe("Menos de 160 cm");
    expect(optionText("heights", { value: "over-180", text: "Over 180" }, es)).toBe("Más de 180 cm");
    expect(optionText("heights", { value: "160-170", text: "160 170" }, es)).toBe("160–170 cm");
  });
});
