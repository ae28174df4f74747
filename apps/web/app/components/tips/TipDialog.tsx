import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { TIP_MESSAGE_MAX, TIP_PATH, type TipSource, tipAmount, tipPresets } from "../../lib/tips.ts";
import { useAppSelector } from "../../state/store.ts";
import { BillingFields } from "../payments/CheckoutForm.tsx";

type TipAnswer = { error?: string; fields?: Record<string, string> };

/** The tip dialog (TipButton.tsx loads it when the button is first pressed). */
export default function TipDialog({
  performerId,
  performerName,
  source,
  opened,
  onClose,
}: {
  performerId: string;
  performerName: string;
  source: TipSource;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("Tip {{name}}", { name: performerName })} centered>
      {opened && <TipForm performerId={performerId} performerName={performerName} source={source} />}
    </Modal>
  );
}

function TipForm({
  performerId,
  performerName,
  source,
}: {
  performerId: string;
  performerName: string;
  source: TipSource;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const min = useAppSelector((s) => s.settings.data.tipMinimum);
  const max = useAppSelector((s) => s.settings.data.tipMaximum);
  const presets = tipPresets(min, max);
  const [amount, setAmount] = useState<number | string>(presets[0] ?? min);
  const [message, setMessage] = useState("");
  const tip = useFetcher<TipAnswer>();
  const answer = tip.state === "idle" ? tip.data : undefined;
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => {
    if (tip.state !== "idle") setLocal(null);
  }, [tip.state]);
  const value = tipAmount(amount);
  const amountError = local ?? answer?.fields?.amount ?? null;
  const messageError = answer?.fields?.message ?? null;
  const general = answer?.error && !answer.fields?.amount && !answer.fields?.message ? answer.error : null;
  return (
    <tip.Form
      method="post"
      action={TIP_PATH}
      onSubmit={(e) => {
        if (value === null || value < min || value > max) {
          e.preventDefault();
          setLocal(t("Choose an amount between {{min}} and {{max}}.", { min: f.price(min), max: f.price(max) }));
        }
      }}
    >
      <input type="hidden" name="performerId" value={performerId} />
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="amount" value={value ?? ""} />
      <Stack gap="md">
        <BillingFields fields={null} />
        <Group gap="xs" role="group" aria-label={t("Amounts")}>
          {presets.map((n) => (
            <Button
              key={n}
              type="button"
              radius="xl"
              variant={value === n ? "filled" : "default"}
              aria-pressed={value === n}
              onClick={() => {
                setAmount(n);
                setLocal(null);
              }}
            >
              {f.price(n)}
            </Button>
          ))}
        </Group>
        <NumberInput
          label={t("Amount")}
          description={t("From {{min}} to {{max}}.", { min: f.price(min), max: f.price(max) })}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setLocal(null);
          }}
          min={min}
          max={max}
          decimalScale={2}
          allowNegative={false}
          clampBehavior="none"
          error={amountError}
          data-testid="tip-amount"
        />
        <Textarea
          name="message"
          label={t("Message (optional)")}
          description={t("{{name}} sees it with your tip. {{n}} of {{max}} characters.", {
            name: performerName,
            n: message.length,
            max: TIP_MESSAGE_MAX,
          })}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          maxLength={TIP_MESSAGE_MAX}
          autosize
          minRows={2}
          maxRows={6}
          error={messageError}
          data-testid="tip-message"
        />
        {general && (
          <Text c="red" size="sm" role="alert">
            {general}
          </Text>
        )}
        <Button type="submit" radius="xl" color="teal" loading={tip.state !== "idle"} data-testid="tip-submit">
          {value !== null ? t("Tip {{amount}}", { amount: f.price(value) }) : t("Tip")}
        </Button>
      </Stack>
    </tip.Form>
  );
}
