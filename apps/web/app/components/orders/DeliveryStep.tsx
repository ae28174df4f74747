import { Badge, Button, Group, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type DeliveryStatus, type OrderStatus, SHIPPING_CODE_MAX } from "@marquee/contracts/orders";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage, isApiError } from "../../lib/api.ts";
import { DELIVERY_STATUS, nextDeliveryStep } from "../../lib/orders.ts";
import { useIntent } from "../../lib/use-intent.ts";

/** A physical line's delivery status as a badge; "Download" for a digital line, nothing for anything else. */
export function DeliveryBadge({
  line,
  variant = "light",
}: {
  line: { deliveryStatus: DeliveryStatus | null; productType?: "physical" | "digital" | null };
  variant?: "light" | "outline";
}) {
  const { t } = useTranslation();
  if (line.deliveryStatus) {
    const status = DELIVERY_STATUS[line.deliveryStatus];
    return (
      <Badge variant={variant} color={status.color} data-testid="delivery-status">
        {t(status.label)}
      </Badge>
    );
  }
  return line.productType === "digital" ? (
    <Badge variant={variant} color="gray">
      {t("Download")}
    </Badge>
  ) : null;
}

/**
 * The next delivery step of a physical line of a paid order (the seller's, or any for an admin): one button, with
 * the shipping code asked first for "shipped". Posts the route's `deliver` intent (`lineId`, `body`) and tells how it
 * went; nothing when the line has no next step.
 */
export function DeliveryStep({
  line,
  orderStatus,
}: {
  line: { _id: string; title: string; deliveryStatus: DeliveryStatus | null };
  orderStatus: OrderStatus;
}) {
  const { t } = useTranslation();
  const { run, busy } = useIntent();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const step = nextDeliveryStep(line, orderStatus);
  if (!step) return null;

  const move = async () => {
    if (step.needsShippingCode && !code.trim()) {
      setCodeError(t("Enter the shipping code"));
      return;
    }
    setCodeError(null);
    try {
      await run("deliver", {
        lineId: line._id,
        body: { deliveryStatus: step.status, ...(step.needsShippingCode ? { shippingCode: code.trim() } : {}) },
      });
      notifications.show({
        color: "teal",
        message: t("“{{title}}” is now {{status}}; the buyer is told.", {
          title: line.title,
          status: t(DELIVERY_STATUS[step.status].label).toLowerCase(),
        }),
      });
    } catch (error) {
      const field = isApiError(error) ? error.details?.find((d) => d.path === "body.shippingCode") : undefined;
      if (field) setCodeError(field.message);
      notifications.show({ color: "red", title: t("Could not update the delivery"), message: errorMessage(error) });
    }
  };

  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      {step.needsShippingCode && (
        <TextInput
          label={t("Shipping code")}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={codeError}
          maxLength={SHIPPING_CODE_MAX}
          style={{ flex: "1 1 12rem" }}
        />
      )}
      <Button onClick={() => void move()} loading={busy} variant="light">
        {t(step.label)}
      </Button>
    </Group>
  );
}
