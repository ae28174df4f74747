import type { Image } from "@marquee/contracts/catalogue";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { CallToAction } from "../../lib/access-cta.ts";
import { CallToActionPanel } from "./CallToActionPanel.tsx";
import styles from "./media.module.css";
import { StagePoster } from "./StagePoster.tsx";

/**
 * A locked movie's stage: its poster, its teaser clip playing muted in a loop over it (unless the viewer prefers
 * reduced motion), and the call to action. Same 16:9 box as the player, so nothing moves when it changes.
 */
export function LockedStage({
  poster,
  teaser,
  cta,
  title,
}: {
  poster: Image | null;
  teaser: string | null;
  cta: CallToAction;
  title: string;
}) {
  const { t } = useTranslation();
  const teaserRef = useRef<HTMLVideoElement>(null);
  const [teaserPlaying, setTeaserPlaying] = useState(false);

  useEffect(() => {
    const video = teaserRef.current;
    if (!video || !teaser) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    // React does not render `muted` as an attribute on the server, so autoplay is started here, muted.
    video.muted = true;
    video.play().catch(() => setTeaserPlaying(false));
  }, [teaser]);

  return (
    <div className={styles.lockedWrap}>
      <div className={`${styles.stage} ${styles.lockedStage}`} data-testid="movie-locked" data-lock={cta.reason}>
        {poster ? (
          <StagePoster image={poster} alt={t("{{title}}, poster", { title })} />
        ) : (
          <span className={styles.posterFallback} aria-hidden />
        )}
        {teaser && (
          // biome-ignore lint/a11y/useMediaCaption: the teaser is a silent, decorative loop
          <video
            ref={teaserRef}
            className={styles.teaser}
            data-playing={teaserPlaying}
            src={teaser}
            loop
            playsInline
            preload="auto"
            aria-hidden="true"
            tabIndex={-1}
            onPlaying={() => setTeaserPlaying(true)}
          />
        )}
        <span className={styles.scrim} aria-hidden />
      </div>
      {/* Over the stage on wide screens, under it on narrow ones (CSS). */}
      <div className={styles.ctaSlot}>
        <CallToActionPanel cta={cta} />
      </div>
    </div>
  );
}
