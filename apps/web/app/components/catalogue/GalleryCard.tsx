import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { AccessBadge } from "./AccessBadge.tsx";
import { CardImage } from "./CardImage.tsx";
import type { GalleryCardData } from "./card-data.ts";
import styles from "./catalogue.module.css";
import { galleryPath } from "./links.ts";
import { PerformerNames } from "./PerformerNames.tsx";

export type { GalleryCardData } from "./card-data.ts";

/** A gallery in a grid: 4:3 cover (blurred by the API when locked), access badge, photo count, title, performers. */
export function GalleryCard({ gallery, eager = false }: { gallery: GalleryCardData; eager?: boolean }) {
  const { t } = useTranslation();
  return (
    <article className={styles.card} data-testid="gallery-card" data-id={gallery._id}>
      <div className={`${styles.media} ${styles.mediaGallery}`}>
        <CardImage image={gallery.cover} alt="" eager={eager} fallback={gallery.title} />
        <AccessBadge access={gallery.access} price={gallery.price} isBought={gallery.isBought} overlay />
        <span className={`${styles.chip} ${styles.chipBottomRight}`}>
          {t("{{photos}} photos", { count: gallery.photosCount, photos: gallery.photosCount })}
        </span>
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Link to={galleryPath(gallery)} className={styles.stretched} prefetch="intent">
            {gallery.title}
          </Link>
        </h3>
        {gallery.performers.length > 0 && (
          <div className={styles.meta}>
            <PerformerNames performers={gallery.performers} />
          </div>
        )}
      </div>
    </article>
  );
}
