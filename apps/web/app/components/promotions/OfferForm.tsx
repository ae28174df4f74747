import { Button, Group, NumberInput, SegmentedControl, Select, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { OfferKind } from "@marquee/contracts/offers";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { fieldErrorsFrom } from "../../lib/form-errors.ts";

/**
 * A new offer (studio promotions, admin packages): a first-period discount, a free trial or a multi-month bundle,
 * limited by a number of claims and/or an end date. `create` sends the API's body; the API's field errors show here.
 */
export function OfferForm({
  performer,
  create,
}: {
  /** A performer's offer chooses the period a discount is on; a package's has the package's. */
  performer: boolean;
  create: (body: Record<string, unknown>) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<OfferKind>("trial");
  const [title, setTitle] = useState("");
  const [percentOff, setPercentOff] = useState<number | string>(20);
  const [period, setPeriod] = useState<string | null>("monthly");
  const [trialDays, setTrialDays] = useState<number | string>(7);
  const [months, setMonths] = useState<string | null>("3");
  const [price, setPrice] = useState<number | string>("");
  const [maxClaims, setMaxClaims] = useState<number | string>("");
  const [endsAt, setEndsAt] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const num = (v: number | string) => (v === "" ? undefined : Number(v));

  const submit = async () => {
    setErrors({});
    setBusy(true);
    const body: Record<string, unknown> = {
      kind,
      ...(title.trim() ? { title: title.trim() } : {}),
      ...(num(maxClaims) ? { maxClaims: num(maxClaims) } : {}),
      ...(endsAt ? { endsAt: new Date(`${endsAt}T23:59:59Z`).toISOString() } : {}),
      ...(kind === "discount" ? { percentOff: num(percentOff), ...(performer ? { period } : {}) } : {}),
      ...(kind === "trial" ? { trialDays: num(trialDays) } : {}),
      ...(kind === "bundle" ? { months: Number(months), price: num(price) } : {}),
    };
    try {
      await create(body);
      notifications.show({ color: "teal", message: t("The offer is ready: share its link.") });
      setTitle("");
    } catch (error) {
      const fields = fieldErrorsFrom(error);
      if (Object.keys(fields).length) setErrors(fields);
      notifications.show({ color: "red", message: errorMessage(error, t("Could not create the offer.")) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label={t("New offer")}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as OfferKind)}
          data={[
            { value: "trial", label: t("Free trial") },
            { value: "discount", label: t("First-period discount") },
            { value: "bundle", label: t("Multi-month bundle") },
          ]}
          data-testid="offer-kind"
        />
        <TextInput
          label={t("Title (optional)")}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={80}
          error={errors.title}
        />
        <Group grow align="flex-start">
          {kind === "trial" && (
            <NumberInput
              label={t("Free days")}
              value={trialDays}
              onChange={setTrialDays}
              min={1}
              max={90}
              allowDecimal={false}
              error={errors.trialDays}
            />
          )}
          {kind === "discount" && (
            <NumberInput
              label={t("Percent off the first period")}
              value={percentOff}
              onChange={setPercentOff}
              min={1}
              max={99}
              allowDecimal={false}
              error={errors.percentOff}
            />
          )}
          {kind === "discount" && performer && (
            <Select
              label={t("On the")}
              value={period}
              onChange={setPeriod}
              allowDeselect={false}
              data={[
                { value: "monthly", label: t("Monthly subscription") },
                { value: "yearly", label: t("Yearly subscription") },
              ]}
              error={errors.period}
            />
          )}
          {kind === "bundle" && (
            <Select
              label={t("Months")}
              value={months}
              onChange={setMonths}
              allowDeselect={false}
              data={["3", "6", "12"]}
              error={errors.months}
            />
          )}
          {kind === "bundle" && (
            <NumberInput
              label={t("Price of the whole bundle")}
              description={t("It renews as the same bundle at this price until cancelled.")}
              value={price}
              onChange={setPrice}
              min={0.01}
              decimalScale={2}
              allowNegative={false}
              error={errors.price}
            />
          )}
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label={t("Most claims (optional)")}
            value={maxClaims}
            onChange={setMaxClaims}
            min={1}
            allowDecimal={false}
            error={errors.maxClaims}
          />
          <TextInput
            type="date"
            label={t("Ends on (optional)")}
            value={endsAt}
            onChange={(e) => setEndsAt(e.currentTarget.value)}
            error={errors.endsAt}
          />
        </Group>
        <Group>
          <Button type="submit" loading={busy}>
            {t("Create the offer")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
