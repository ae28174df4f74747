import { ageGateApplies, ageGateMode, hasPassedAgeGate, isAgeGateOpenPath } from "@marquee/contracts/age-gate";
import type { GeoIp } from "../../platform/geoip.ts";
import type { SettingsService } from "../settings/service.ts";

/**
 * The age gate's verdict for one request (the rule is @marquee/contracts/age-gate's, which the web's render uses
 * too): the settings, the caller's country by its address, the browser's cookie and the page asked for.
 */
export function createAgeGateService(deps: { settings: Pick<SettingsService, "get">; geoip: GeoIp }) {
  return {
    async check(opts: { ip: string; cookieHeader: string | undefined; path: string }) {
      const settings = {
        ageGate: await deps.settings.get("ageGate"),
        ageGateCountries: await deps.settings.get("ageGateCountries"),
      };
      const countryCode = deps.geoip.country(opts.ip);
      const applies = ageGateApplies(settings, countryCode);
      const passed = hasPassedAgeGate(opts.cookieHeader);
      const open = isAgeGateOpenPath(opts.path);
      return { mode: ageGateMode(settings), countryCode, applies, passed, required: applies && !passed && !open };
    },
  };
}
export type AgeGateService = ReturnType<typeof createAgeGateService>;
