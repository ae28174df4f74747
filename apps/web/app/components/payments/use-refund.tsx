import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconReceiptRefund } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useAppSelector } from "../../state/store.ts";
import { useConfirm } from "../ConfirmDialog.tsx";
import { formatPrice } from "../catalogue/format.ts";

/** The payment to refund (a transaction, or an order's payment with its lines): its id, amount, items and buyer. */
export interface RefundTarget {
  _id: string;
  amount: number;
  items: ReadonlyArray<{ title: string }>;
  buyer?: { name: string } | null;
}

/**
 * An admin's refund of a payment, after a confirmation that says what the member gets back and loses, through the
 * route's `refund` intent (`id`: the transaction); `refunding` is the transaction under way. Render `dialog` once.
 */
export function useRefund(): {
  refund: (t: RefundTarget) => Promise<void>;
  refunding: string | null;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  const { run } = useIntent();
  const [confirm, dialog] = useConfirm();
  const [refunding, setRefunding] = useState<string | null>(null);
  const refund = async (target: RefundTarget) => {
    const what = target.items.map((i) => i.title).join(", ");
    const amount = formatPrice(target.amount, symbol, locale);
    const ok = await confirm({
      title: t("Refund this payment?"),
      message: target.buyer
        ? t(
            "{{buyer}} gets {{amount}} back for “{{what}}”, loses access to it, and its performers' earnings are reversed.",
            { buyer: target.buyer.name, amount, what },
          )
        : t(
            "The member gets {{amount}} back for “{{what}}”, loses access to it, and its performers' earnings are reversed.",
            { amount, what },
          ),
      confirmLabel: t("Refund"),
      color: "red",
    });
    if (!ok) return;
    setRefunding(target._id);
    try {
      await run("refund", { id: target._id });
      notifications.show({ color: "teal", message: t("Refunded {{amount}} for “{{what}}”.", { amount, what }) });
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not refund"), message: errorMessage(e) });
    } finally {
      setRefunding(null);
    }
  };
  return { refund, refunding, dialog };
}

/** The Refund button of a payment, for `useRefund`'s `refund` and `refunding`. */
export function RefundButton({
  target,
  refund,
  refunding,
}: {
  target: RefundTarget;
  refund: (t: RefundTarget) => Promise<void>;
  refunding: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      leftSection={<IconReceiptRefund size={14} />}
      loading={refunding === target._id}
      onClick={() => void refund(target)}
    >
      {t("Refund")}
    </Button>
  );
}
