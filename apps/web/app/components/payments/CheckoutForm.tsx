import { Button, type ButtonProps, TextInput } from "@mantine/core";
import { type ReactNode, useId, useState } from "react";
import { useFetcher } from "react-router";
import { CHECKOUT_PATH } from "../../lib/payments.ts";
import styles from "./payments.module.css";

/**
 * A buy or subscribe button: posts what is bought (`fields`: kind, id, maybe period) to the checkout, which makes the
 * order at the server's price and sends the buyer to the gateway's page. A plain form post, so it works before the
 * page's scripts have loaded; an optional coupon field; a refusal shows under the button.
 */
export function CheckoutForm({
  fields,
  label,
  icon,
  coupon = true,
  variant,
  fullWidth,
}: {
  fields: Record<string, string>;
  label: string;
  icon?: ReactNode;
  coupon?: boolean;
  variant?: ButtonProps["variant"];
  fullWidth?: boolean;
}) {
  const checkout = useFetcher<{ error?: string }>();
  const [couponOpen, setCouponOpen] = useState(false);
  const couponId = useId();
  const error = checkout.state === "idle" ? checkout.data?.error : undefined;
  return (
    <checkout.Form
      method="post"
      action={CHECKOUT_PATH}
      className={styles.checkoutForm}
      data-full={fullWidth || undefined}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        size="md"
        radius="xl"
        variant={variant}
        fullWidth={fullWidth}
        loading={checkout.state !== "idle"}
        leftSection={icon}
      >
        {label}
      </Button>
      {coupon &&
        (couponOpen ? (
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
        ))}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </checkout.Form>
  );
}
