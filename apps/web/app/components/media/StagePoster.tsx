import type { Image } from "@marquee/contracts/catalogue";
import { preload } from "react-dom";
import styles from "./media.module.css";

/**
 * The stage spans the page's container (Mantine's xl, 1320 px) inside its 1 rem padding: 380 px on a 412 px phone,
 * not the whole 412; the browser picks the variant by the width the poster is shown at.
 */
const STAGE_SIZES = "(max-width: 1320px) calc(100vw - 2rem), 1288px";

/**
 * A movie's poster on its stage, the page's largest paint: the variant that fits the screen (a phone takes the
 * 720 px one, not the 1280), asked for in the head of the server's HTML and at high priority.
 */
export function StagePoster({ image, alt }: { image: Image; alt: string }) {
  const srcSet = image.srcSet ?? undefined;
  preload(image.url, {
    as: "image",
    fetchPriority: "high",
    imageSrcSet: srcSet,
    imageSizes: srcSet ? STAGE_SIZES : undefined,
  });
  return (
    <img
      className={styles.poster}
      src={image.url}
      srcSet={srcSet}
      sizes={STAGE_SIZES}
      width={image.width}
      height={image.height}
      alt={alt}
      fetchPriority="high"
    />
  );
}
