import type { Image } from "@marquee/contracts/catalogue";
import styles from "./catalogue.module.css";

/** Grid card widths: two columns on phones, up to five on wide screens. */
export const CARD_SIZES = "(max-width: 36em) 50vw, (max-width: 62em) 33vw, (max-width: 88em) 25vw, 320px";

/**
 * A sized image filling its card's frame. Below the fold it loads lazily; the first cards of a page pass
 * `eager` so the largest paint is not delayed. Without an image the frame shows the item's initials.
 */
export function CardImage({
  image,
  alt,
  eager = false,
  sizes = CARD_SIZES,
  fallback,
}: {
  image: Pick<Image, "url" | "srcSet" | "width" | "height"> | null;
  alt: string;
  eager?: boolean;
  sizes?: string;
  fallback: string;
}) {
  if (!image?.url) {
    return (
      <span className={styles.placeholder} aria-hidden="true">
        {initials(fallback)}
      </span>
    );
  }
  return (
    <img
      src={image.url}
      srcSet={image.srcSet || undefined}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width || undefined}
      height={image.height || undefined}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchPriority: "high" as const } : {})}
    />
  );
}

/** Up to two initials of a name: "Ava Stone" -> "AS". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => Array.from(w ?? "")[0]?.toUpperCase() ?? "").join("") || "?";
}
