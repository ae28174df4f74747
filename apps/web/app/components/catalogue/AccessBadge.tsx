import type { AccessKind } from "@marquee/contracts/catalogue";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useAppSelector } from "../../state/store.ts";
import styles from "./catalogue.module.css";
import { accessLabel } from "./format.ts";

export interface AccessBadgeProps {
  access: AccessKind;
  price: number | null;
  isComing?: boolean;
  scheduledAt?: string | null;
  /** The viewer bought it: "Owned" instead of the price. */
  isBought?: boolean | undefined;
  /** Over a card's image (absolute, top left) or inline in text. */
  overlay?: boolean;
}

/** "Free", "Members", the price ("$9.99"), "Owned" or "Coming 12 Mar", coloured by kind. */
export function AccessBadge({ access, price, isComing, scheduledAt, isBought, overlay = false }: AccessBadgeProps) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const symbol = useAppSelector((s) => s.ui.currencySymbol || s.settings.data.currencySymbol);
  const label = accessLabel({ access, price, isComing, scheduledAt, isBought }, symbol, undefined, t, locale);

  return (
    <span
      className={`${styles.badge} ${styles[`tone-${label.tone}`]}${overlay ? ` ${styles.badgeOverlay}` : ""}`}
      data-access={label.tone}
    >
      {label.text}
    </span>
  );
}
