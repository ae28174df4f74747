import type { Photo } from "@marquee/contracts/galleries";
import { IconLock } from "@tabler/icons-react";
import { Link } from "react-router";
import type { TFunction } from "../../i18n/i18n.ts";
import { tFor } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import styles from "./media.module.css";

const TILE_SIZES = "(max-width: 36em) 50vw, (max-width: 62em) 33vw, 240px";

function PhotoImage({ photo, eager, alt }: { photo: Photo; eager: boolean; alt: string }) {
  const { thumbnail } = photo;
  return (
    <img
      src={thumbnail.url}
      srcSet={thumbnail.srcSet ?? undefined}
      sizes={thumbnail.srcSet ? TILE_SIZES : undefined}
      width={thumbnail.width || undefined}
      height={thumbnail.height || undefined}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}

/** What a photo is called for a screen reader: its title, else its place in the list. */
export function photoLabel(photo: Photo, index: number, total: number, t: TFunction = tFor("en")): string {
  return photo.title
    ? t("{{title}} (photo {{n}} of {{total}})", { title: photo.title, n: index + 1, total })
    : t("Photo {{n}} of {{total}}", { n: index + 1, total });
}

/**
 * A grid of square-ish photo tiles (sized frames, lazy below the first rows). Each tile either opens the viewer
 * (`onOpen`) or links somewhere (`linkTo`). Locked photos show their blurred preview and cannot be opened.
 */
export function PhotoGrid({
  photos,
  total,
  onOpen,
  linkTo,
  eagerCount = 8,
  label,
  showCaptions = false,
}: {
  photos: Photo[];
  total: number;
  onOpen?: (index: number) => void;
  linkTo?: (photo: Photo) => string;
  eagerCount?: number;
  label: string;
  showCaptions?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.photoGrid} aria-label={label} data-testid="photo-grid">
      {photos.map((photo, i) => {
        const eager = i < eagerCount;
        const name = photoLabel(photo, i, total, t);
        const caption = showCaptions && photo.title ? <span className={styles.tileCaption}>{photo.title}</span> : null;
        if (linkTo) {
          return (
            <li key={photo._id}>
              <Link
                to={linkTo(photo)}
                className={`${styles.tile}${photo.locked ? ` ${styles.tileLocked}` : ""}`}
                aria-label={photo.locked ? t("{{name}}, locked", { name }) : name}
                data-photo-id={photo._id}
              >
                <PhotoImage photo={photo} eager={eager} alt="" />
                {photo.locked && (
                  <span className={styles.tileLock} aria-hidden>
                    <IconLock size={22} />
                  </span>
                )}
                {caption}
              </Link>
            </li>
          );
        }
        if (photo.locked || !onOpen) {
          return (
            <li key={photo._id}>
              <div className={`${styles.tile} ${styles.tileLocked}`} data-photo-id={photo._id} data-locked="true">
                <PhotoImage photo={photo} eager={eager} alt={t("{{name}}, locked preview", { name })} />
                <span className={styles.tileLock} aria-hidden>
                  <IconLock size={22} />
                </span>
              </div>
            </li>
          );
        }
        return (
          <li key={photo._id}>
            <button
              type="button"
              className={styles.tile}
              onClick={() => onOpen(i)}
              aria-label={t("Open {{name}}", { name })}
              data-photo-id={photo._id}
            >
              <PhotoImage photo={photo} eager={eager} alt="" />
              {caption}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
