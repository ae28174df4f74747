import type { User } from "@marquee/contracts/users";
import type { PublicSettings } from "../state/settings.ts";

/** What the root loader hands every page. */
export interface RootData {
  user: User | null;
  settings: PublicSettings;
  blocked: boolean;
  countryCode: string | null;
  apiUrl: string;
}
