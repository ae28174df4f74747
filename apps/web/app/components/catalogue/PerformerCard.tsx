import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { CardImage } from "./CardImage.tsx";
import type { PerformerCardData } from "./card-data.ts";
import styles from "./catalogue.module.css";
import { performerPath } from "./links.ts";

export type { PerformerCardData } from "./card-data.ts";

/** Avatars are square webp variants; the card shows them in a 4:5 frame. */
const AVATAR_SIZE = 512;

/** A performer in a grid: portrait, name and what they have published. `eager` for the first row of a page. */
export function PerformerCard({ performer, eager = false }: { performer: PerformerCardData; eager?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { stats } = performer;
  const image = performer.avatar
    ? { url: performer.avatar, srcSet: performer.avatarSrcSet, width: AVATAR_SIZE, height: AVATAR_SIZE }
    : null;
  return (
    <article className={styles.card} data-testid="performer-card" data-username={performer.username}>
      <div className={`${styles.media} ${styles.mediaPortrait}`}>
        <CardImage image={image} alt="" eager={eager} fallback={performer.name} />
        <span className={styles.shade} />
        {performer.isSubscribed && (
          <span className={`${styles.badge} ${styles.badgeOverlay} ${styles["tone-subscribed"]}`}>
            {t("Subscribed")}
          </span>
        )}
        {stats.videos > 0 && (
          <span className={`${styles.chip} ${styles.chipBottomRight}`}>
            {t("{{movies}} movies", { count: stats.videos, movies: f.number(stats.videos) })}
          </span>
        )}
      </div>
      <div className={styles.body}>
        <h3 className={styles.performerName}>
          <Link to={performerPath(performer)} className={styles.stretched} prefetch="intent">
            {performer.name}
          </Link>
        </h3>
        <div className={styles.meta}>
          @{performer.username}
          {stats.subscribers > 0 && (
            <span className={styles.dot}>
              {t("{{fans}} fans", { count: stats.subscribers, fans: f.count(stats.subscribers) })}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
