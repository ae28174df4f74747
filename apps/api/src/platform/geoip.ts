import { createRequire } from "node:module";
import path from "node:path";
import maxmind, { type CountryResponse, type Reader } from "maxmind";

export interface GeoIp {
  /** ISO 3166-1 alpha-2 code, or null for private, reserved and unknown addresses. */
  country(ip: string): string | null;
}

const require = createRequire(import.meta.url);

/** Opens `GEOIP_DB` when set, else the GeoLite2 country database shipped in an npm package. */
export async function openGeoIp(file?: string): Promise<GeoIp> {
  const dbFile =
    file ??
    path.join(
      path.dirname(require.resolve("@ip-location-db/geolite2-country-mmdb/package.json")),
      "geolite2-country.mmdb",
    );
  const reader: Reader<CountryResponse & { country_code?: string }> = await maxmind.open(dbFile);
  return {
    country(ip) {
      if (!maxmind.validate(ip)) return null;
      const hit = reader.get(ip.replace(/^::ffff:/, ""));
      return hit?.country_code ?? hit?.country?.iso_code ?? null;
    },
  };
}
