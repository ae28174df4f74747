import { Children, isValidElement, type ReactNode } from "react";
import styles from "./catalogue.module.css";

/**
 * A responsive grid of cards (CSS grid, auto-filling columns). `variant` picks the column width: narrower for
 * performer portraits, wider for movie and gallery thumbnails. With no children it shows `empty`.
 */
export function CardGrid({
  children,
  variant = "media",
  empty = "Nothing here yet.",
  label,
  testId,
}: {
  children?: ReactNode;
  variant?: "performers" | "media";
  empty?: ReactNode;
  /** Accessible name of the list. */
  label?: string;
  testId?: string;
}) {
  const items = Children.toArray(children);
  if (!items.length) {
    return (
      <div className={styles.empty} data-testid={testId ? `${testId}-empty` : undefined}>
        {empty}
      </div>
    );
  }
  return (
    <ul
      className={`${styles.grid} ${variant === "performers" ? styles.gridPerformers : styles.gridMedia}`}
      aria-label={label}
      data-testid={testId}
    >
      {items.map((child, i) => (
        <li key={isValidElement(child) && child.key !== null ? child.key : i}>{child}</li>
      ))}
    </ul>
  );
}
