import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { formatDuration } from "../../lib/format.ts";
import { AccessBadge } from "./AccessBadge.tsx";
import { CardImage } from "./CardImage.tsx";
import type { VideoCardData } from "./card-data.ts";
import styles from "./catalogue.module.css";
import { moviePath } from "./links.ts";
import { PerformerNames } from "./PerformerNames.tsx";

export type { VideoCardData } from "./card-data.ts";

/**
 * A movie in a grid: 16:9 thumbnail with its access badge and duration, title, performers and views; `progress`
 * (0 to 1) shows how far the member got in it.
 */
export function VideoCard({
  video,
  eager = false,
  progress,
}: {
  video: VideoCardData;
  eager?: boolean;
  progress?: number;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const duration = formatDuration(video.durationSec);
  const watched = progress === undefined ? null : Math.round(Math.min(1, Math.max(0, progress)) * 100);
  return (
    <article className={styles.card} data-testid="video-card" data-slug={video.slug}>
      <div className={styles.media}>
        <CardImage image={video.thumbnail} alt="" eager={eager} fallback={video.title} />
        <AccessBadge
          access={video.access}
          price={video.price}
          isComing={video.isComing}
          scheduledAt={video.scheduledAt}
          isBought={video.isBought}
          overlay
        />
        {duration && (
          <span className={`${styles.chip} ${styles.chipBottomRight}`}>
            <span className={styles.srOnly}>{t("Duration")} </span>
            {duration}
          </span>
        )}
        {watched !== null && (
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t("Watched")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={watched}
            aria-valuetext={t("{{percent}}% watched", { percent: watched })}
          >
            <div className={styles.progressFill} style={{ width: `${watched}%` }} />
          </div>
        )}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={moviePath(video)} className={styles.stretched} prefetch="intent">
            {video.title}
          </Link>
        </h3>
        <div className={styles.meta}>
          <PerformerNames performers={video.performers} />
          {video.stats.views > 0 && (
            <span className={video.performers.length ? styles.dot : undefined}>
              {t("{{views}} views", { count: video.stats.views, views: f.count(video.stats.views) })}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
