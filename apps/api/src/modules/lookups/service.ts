import { performerAttributes } from "@marquee/contracts/site";
import { countries, languages } from "countries-list";

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const label = (value: string) => value.replace(/-/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** Reference lists from the countries-list package; computed once, they never change at run time. */
export const countryList = Object.entries(countries)
  .map(([code, c]) => ({ code, name: c.name, native: c.native }))
  .sort(byName);

export const languageList = Object.entries(languages)
  .map(([code, l]) => ({ code, name: l.name, native: l.native }))
  .sort(byName);

export const phoneCodeList = Object.entries(countries)
  .flatMap(([code, c]) => c.phone.map((p) => ({ code, name: c.name, dialCode: `+${p}` })))
  .sort(byName);

export const countryName = (code: string): string | null => countries[code as keyof typeof countries]?.name ?? null;

export const userAdditional = Object.fromEntries(
  Object.entries(performerAttributes).map(([k, values]) => [k, values.map((value) => ({ value, text: label(value) }))]),
) as Record<keyof typeof performerAttributes, { value: string; text: string }[]>;
