import { z } from "zod";
import { linkKind } from "./links.ts";

export const LINK_MESSAGE = "Use a path starting with / or an http(s) address";
export const SITE_PATH_MESSAGE = "Use a path starting with /";

/**
 * A stored link, trimmed, up to `max` characters. `external: false` allows paths on this site only; `allowEmpty`
 * lets an operator clear the field (the web then shows its default).
 */
export function storedLink({
  max = 500,
  external = true,
  allowEmpty = false,
}: {
  max?: number;
  external?: boolean;
  allowEmpty?: boolean;
} = {}) {
  const text = z.string().trim().max(max);
  return (allowEmpty ? text : text.min(1)).refine(
    (v) => (allowEmpty && v === "") || linkKind(v, { external }) !== null,
    {
      message: external ? LINK_MESSAGE : SITE_PATH_MESSAGE,
    },
  );
}
