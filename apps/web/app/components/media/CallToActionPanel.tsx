import { Button, TextInput } from "@mantine/core";
import { IconCalendarEvent, IconClockHour4, IconCrown, IconLock, IconShoppingCart } from "@tabler/icons-react";
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { CallToAction, CtaAction } from "../../lib/access-cta.ts";
import { CHECKOUT_PATH } from "../../lib/payments.ts";
import styles from "./media.module.css";

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
      <Button component={Link} to={action.to} variant={action.primary ? "filled" : "default"} size="md" radius="xl">
        {action.label}
      </Button>
    );
  }
  if (action.kind === "membership") return <MembershipInfo action={action} />;
  return <BuyButton action={action} />;
}

/**
 * Buys the item: the checkout makes the order at the server's price and sends the buyer to the gateway's page. A
 * plain form post, so it works before the page's scripts have loaded; a refusal shows under the button.
 */
function BuyButton({ action }: { action: Extract<CtaAction, { kind: "buy" }> }) {
  const checkout = useFetcher<{ error?: string }>();
  const [couponOpen, setCouponOpen] = useState(false);
  const couponId = useId();
  const error = checkout.state === "idle" ? checkout.data?.error : undefined;
  return (
    <checkout.Form method="post" action={CHECKOUT_PATH} className={styles.buyForm}>
      <input type="hidden" name="kind" value={action.item} />
      <input type="hidden" name="id" value={action.id} />
      <Button
        type="submit"
        size="md"
        radius="xl"
        loading={checkout.state !== "idle"}
        leftSection={<IconShoppingCart size={18} aria-hidden />}
      >
        {action.label}
      </Button>
      {couponOpen ? (
        <TextInput
          id={couponId}
          name="couponCode"
          aria-label="Coupon code"
          placeholder="Coupon code"
          maxLength={40}
          autoComplete="off"
          size="md"
          radius="xl"
          className={styles.couponField}
          autoFocus
        />
      ) : (
        <Button type="button" variant="subtle" size="md" radius="xl" onClick={() => setCouponOpen(true)}>
          I have a coupon
        </Button>
      )}
      {error && (
        <p className={styles.ctaInfo} role="alert">
          {error}
        </p>
      )}
    </checkout.Form>
  );
}

/** The membership button opens its explanation in place: no floating layer to load, place or dismiss on a phone. */
function MembershipInfo({ action }: { action: Extract<CtaAction, { kind: "membership" }> }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        size="md"
        radius="xl"
        leftSection={<IconCrown size={18} aria-hidden />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {action.label}
      </Button>
      <p id={id} className={styles.ctaInfo} hidden={!open}>
        {action.info}
      </p>
    </>
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
