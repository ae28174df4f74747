/** Lists that rarely change, read once an hour for every page that offers them (server only). */
import type { ApiClient } from "./api.ts";
import { cachedLookup } from "./catalogue.server.ts";

const HOUR = 3_600_000;

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
