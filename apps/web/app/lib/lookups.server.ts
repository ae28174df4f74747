/** Lists that rarely change, read once an hour for every page that offers them (server only). */
import type { Category } from "@marquee/contracts/content";
import type { Performer } from "@marquee/contracts/performers";
import type { Option } from "../components/studio/options.ts";
import type { ApiClient } from "./api.ts";
import { cachedLookup } from "./catalogue.server.ts";

const HOUR = 3_600_000;
const LOOKUP_TTL_MS = 30_000;

export interface Country {
  code: string;
  name: string;
  native?: string;
}

export interface PhoneCode {
  code: string;
  name: string;
  dialCode: string;
}

/** Every country the API knows, by code and name. */
export const countryList = (api: ApiClient) =>
  cachedLookup("countries", HOUR, () => api.get<Country[]>("/countries/list"));

/** The dialling code of each country. */
export const phoneCodeList = (api: ApiClient) =>
  cachedLookup("phone-codes", HOUR, () => api.get<PhoneCode[]>("/phone-codes/list"));

/** Active categories of one group as select options, shared by every studio page for a short while. */
export function categoryOptions(api: ApiClient, group: Category["group"]): Promise<Option[]> {
  return cachedLookup(`studio-categories:${group}`, LOOKUP_TTL_MS, () =>
    api
      .get<{ data: Category[] }>("/user/assets/categories/search", { group, limit: 100 })
      .then((res) => (res?.data ?? []).map((c) => ({ value: c._id, label: c.name }))),
  ).catch(() => []);
}

/**
 * The first 100 performers by name as select options, for admins who publish on a performer's behalf (studio). The
 * admin screens' filters search them all instead (routes/admin.lookups.ts).
 */
export function performerOptions(api: ApiClient): Promise<Option[]> {
  return cachedLookup("studio-performers", LOOKUP_TTL_MS, () =>
    api
      .get<{ data: Performer[] }>("/performers/search", { limit: 100, sortBy: "name", sort: "asc" })
      .then((res) => (res?.data ?? []).map((p) => ({ value: p._id, label: `${p.name} (@${p.username})` }))),
  ).catch(() => []);
}

/** The languages as select options. */
function languageOptions(api: ApiClient): Promise<Option[]> {
  return cachedLookup("languages", HOUR, () => api.get<Array<{ code: string; name: string }>>("/languages/list"))
    .then((list) => (list ?? []).map((l) => ({ value: l.code, label: l.name })))
    .catch(() => []);
}

/** The choices of the performer profile form: languages and performer categories. */
export async function profileOptions(api: ApiClient) {
  const [languages, categories] = await Promise.all([languageOptions(api), categoryOptions(api, "performer")]);
  return { languages, categories };
}
