import type { Banner } from "@marquee/contracts/content";
import { linkKind } from "@marquee/contracts/links";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import styles from "./sections.module.css";

const BANNER_SIZES = "(max-width: 88em) 100vw, 1320px";

/**
 * One banner: its picture (or the site's gradient) with the title, description and a call to action over it.
 * Its link follows the shared link rule; one that breaks it (stored before the rule) is not a link at all.
 */
export function BannerSlide({ banner, first }: { banner: Banner; first: boolean }) {
  const { t } = useTranslation();
  const kind = banner.href ? linkKind(banner.href) : null;
  const content: ReactNode = (
    <>
      {banner.image && (
        <img
          src={banner.image.url}
          srcSet={banner.image.srcSet || undefined}
          sizes={banner.image.srcSet ? BANNER_SIZES : undefined}
          width={banner.image.width || undefined}
          height={banner.image.height || undefined}
          alt=""
          loading={first ? "eager" : "lazy"}
          decoding={first ? "sync" : "async"}
          {...(first ? { fetchPriority: "high" as const } : {})}
        />
      )}
      <span className={styles.bannerShade} />
      <div className={styles.bannerText}>
        <h2 className={styles.bannerTitle}>{banner.title}</h2>
        {banner.description && <p className={styles.bannerDescription}>{banner.description}</p>}
        {kind && (
          <span className={styles.bannerCta} aria-hidden="true">
            {t("Explore")}
          </span>
        )}
      </div>
    </>
  );
  if (!kind || !banner.href) return <div className={styles.banner}>{content}</div>;
  if (kind === "external") {
    return (
      <a className={styles.banner} href={banner.href} rel="noopener">
        {content}
      </a>
    );
  }
  return (
    <Link className={styles.banner} to={banner.href} prefetch="intent">
      {content}
    </Link>
  );
}
