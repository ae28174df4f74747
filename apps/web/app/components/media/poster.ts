import type { Image } from "@marquee/contracts/catalogue";

/**
 * The largest variant of an image (from its `srcSet`, "url 480w, url 1280w"), for places that take one URL, such
 * as a video's `poster`; the plain `url` when there is no set.
 */
export function largestVariant(image: Pick<Image, "url" | "srcSet"> | null | undefined): string | null {
  if (!image) return null;
  let best: { url: string; width: number } | null = null;
  for (const part of (image.srcSet ?? "").split(",")) {
    const [url, descriptor] = part.trim().split(/\s+/);
    const width = Number.parseInt(descriptor?.replace(/w$/, "") ?? "", 10);
    if (url && Number.isFinite(width) && (!best || width > best.width)) best = { url, width };
  }
  return best?.url ?? image.url ?? null;
}
