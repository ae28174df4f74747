import { Text } from "@mantine/core";
import type { Order } from "@marquee/contracts/orders";
import { addressLines } from "../../lib/orders.ts";

/** The whole shipping address of an order, one line each, as the buyer gave it at checkout. */
export function DeliveryAddress({
  delivery,
  size = "sm",
  c,
}: {
  delivery: NonNullable<Order["delivery"]>;
  size?: string;
  c?: string;
}) {
  return (
    <Text
      component="address"
      size={size}
      c={c}
      fs="normal"
      style={{ overflowWrap: "anywhere" }}
      data-testid="delivery-address"
    >
      {addressLines(delivery).map((line) => (
        <span key={line} style={{ display: "block" }}>
          {line}
        </span>
      ))}
    </Text>
  );
}
