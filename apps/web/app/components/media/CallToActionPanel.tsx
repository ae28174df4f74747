import { Button } from "@mantine/core";
import { IconCalendarEvent, IconClockHour4, IconCrown, IconLock, IconShoppingCart } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { CallToAction, CtaAction } from "../../lib/access-cta.ts";
import styles from "./media.module.css";

// The purchase form (its billing fields bring Mantine's combobox and the tax quote) only where a movie is for sale:
// the movie page loads the stage for every movie, most of which are not.
const CheckoutForm = lazy(() => import("../payments/CheckoutForm.tsx").then((m) => ({ default: m.CheckoutForm })));

const icons = {
  visitor: IconLock,
  members: IconCrown,
  sale: IconShoppingCart,
  scheduled: IconCalendarEvent,
  processing: IconClockHour4,
} as const;

function Action({ action }: { action: CtaAction }) {
  if (action.kind === "link") {
    return (
      <Button
        component={Link}
        to={action.to}
        variant={action.primary ? "filled" : "default"}
        size="md"
        radius="xl"
        leftSection={action.icon === "crown" ? <IconCrown size={18} aria-hidden /> : undefined}
      >
        {action.label}
      </Button>
    );
  }
  return (
    <Suspense fallback={null}>
      <CheckoutForm
        fields={{ kind: action.item, id: action.id }}
        label={action.label}
        icon={<IconShoppingCart size={18} aria-hidden />}
      />
    </Suspense>
  );
}

/** The title, explanation and ways in of a locked item (see lib/access-cta.ts). */
export function CallToActionPanel({ cta }: { cta: CallToAction }) {
  const Icon = icons[cta.reason];
  return (
    <section className={styles.cta} aria-labelledby="cta-title" data-testid="call-to-action" data-reason={cta.reason}>
      <span className={styles.ctaIcon} aria-hidden>
        <Icon size={22} />
      </span>
      <h2 id="cta-title" className={styles.ctaTitle}>
        {cta.title}
      </h2>
      <p className={styles.ctaText}>{cta.text}</p>
      {cta.actions.length > 0 && (
        <div className={styles.ctaActions}>
          {cta.actions.map((action) => (
            <Action key={action.label} action={action} />
          ))}
        </div>
      )}
    </section>
  );
}
