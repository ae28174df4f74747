import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import styles from "./sections.module.css";

/** A titled block of a catalogue page with an optional "See all" link. */
export function Section({
  id,
  title,
  subtitle,
  more,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  more?: { to: string; label?: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.section} id={id} aria-labelledby={`${id}-title`}>
      <div className={styles.sectionHead}>
        <div>
          <h2 className={styles.sectionTitle} id={`${id}-title`}>
            {title}
          </h2>
          {subtitle && <p className={styles.sectionSubtitle}>{subtitle}</p>}
        </div>
        {more && (
          <Link to={more.to} className={styles.seeAll} prefetch="intent">
            {more.label ?? t("See all")}

            <span aria-hidden="true"> →</span>
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
