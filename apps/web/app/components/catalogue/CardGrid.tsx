import { Children, isValidElement, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import styles from "./catalogue.module.css";

const variantClass = { performers: styles.gridPerformers, media: styles.gridMedia };

/**
 * A responsive grid of cards (CSS grid, auto-filling columns). `variant` picks the column width: narrower for
 * performer portraits, wider for movie and gallery thumbnails; `rail` is one horizontally scrolling row of
 * performer-sized cards (for a home page strip). With no children it shows `empty`.
 */
export function CardGrid({
  children,
  variant = "media",
  empty,
  label,
  testId,
}: {
  children?: ReactNode;
  variant?: "performers" | "media" | "rail";
  empty?: ReactNode;
  /** Accessible name of the list. */
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const items = Children.toArray(children);
  if (!items.length) {
    return (
      <div className={styles.empty} data-testid={testId ? `${testId}-empty` : undefined}>
        {empty === undefined ? t("Nothing here yet.") : empty}
      </div>
    );
  }
  return (
    <ul
      className={variant === "rail" ? styles.rail : `${styles.grid} ${variantClass[variant]}`}
      aria-label={label}
      data-testid={testId}
    >
      {items.map((child, i) => (
        <li key={isValidElement(child) && child.key !== null ? child.key : i}>{child}</li>
      ))}
    </ul>
  );
}
