import { Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { PayoutDetails } from "@marquee/contracts/payments";
import { IconAlertCircle, IconBuildingBank } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { msg } from "../../i18n/i18n.ts";
import { Trans } from "../../i18n/Trans.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { fieldErrorsFrom } from "../../lib/form-errors.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { ReauthCancelled, useReauth } from "../ReauthPrompt.tsx";

const METHODS = [
  { value: "bank", label: msg("Bank transfer") },
  // i18n-exempt: a brand
  { value: "paxum", label: "Paxum" },
  { value: "crypto", label: msg("Crypto address") },
];
/** Methods no longer offered, still shown when they are the one saved. */
const OLD_METHODS = [
  // i18n-exempt: a brand
  { value: "paypal", label: "PayPal" },
  { value: "other", label: msg("Other") },
];
/** What the account field asks for, by method. */
const ACCOUNT_LABEL: Record<string, string> = {
  bank: msg("IBAN and BIC"),
  paxum: msg("Paxum email"),
  crypto: msg("Wallet address"),
  paypal: msg("Account (IBAN and BIC, PayPal address ...)"),
  other: msg("Account (IBAN and BIC, PayPal address ...)"),
};

/**
 * Studio → Earnings: where the performer wants to be paid (issue 22). Changing it needs two-factor sign-in on, and
 * the password again when the last one is over 5 minutes old (the prompt asks, then the change goes through).
 */
export function PayoutDetailsCard({
  details,
  problem = null,
  twoFactorEnabled,
}: {
  details: PayoutDetails | null;
  /** Why the saved details could not be shown (they were saved under another encryption key), if so. */
  problem?: string | null;
  twoFactorEnabled: boolean;
}) {
  const { run, busy } = useIntent();
  const { guarded, prompt } = useReauth();
  const { t } = useTranslation();
  const f = useFormat();
  const [method, setMethod] = useState<string>(details?.method ?? "bank");
  const [accountName, setAccountName] = useState(details?.accountName ?? "");
  const [account, setAccount] = useState(details?.account ?? "");
  const [network, setNetwork] = useState(details?.network ?? "");
  const choices = [...METHODS, ...OLD_METHODS.filter((m) => m.value === details?.method)];
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      await guarded(() =>
        run("payoutDetails", { method, accountName, account, ...(method === "crypto" ? { network } : {}) }),
      );
      setErrors({});
      notifications.show({ color: "teal", message: t("Your payout details are saved.") });
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      const fields = fieldErrorsFrom(error);
      if (fields.accountName || fields.account || fields.method || fields.network) setErrors(fields);
      else notifications.show({ color: "red", message: errorMessage(error, t("Could not save your payout details.")) });
    }
  }

  return (
    <Card withBorder data-testid="payout-details">
      {prompt}
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <Group gap="xs">
            <IconBuildingBank size={20} />
            <Title order={2} fz="lg">
              {t("Payout details")}
            </Title>
          </Group>
          {!twoFactorEnabled && (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
              <Trans
                t={t}
                i18nKey={msg(
                  "Turn on two-factor sign-in in <anchor>My account → Security</anchor> to add or change your payout details and to be paid.",
                )}
                components={{ anchor: <Anchor component={Link} to="/account#security" /> }}
              />
            </Alert>
          )}
          {problem && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              data-testid="payout-details-problem"
            >
              {problem}
            </Alert>
          )}
          {details?.heldUntil && (
            <Alert color="blue" variant="light" icon={<IconAlertCircle size={18} />} data-testid="payout-method-hold">
              {t("New or changed payout details wait until {{date}} before a payout request can use them.", {
                date: f.dateTime(details.heldUntil),
              })}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {details
              ? t("Where the site pays you. Last changed {{date}}.", { date: f.date(details.updatedAt) })
              : t("Tell the site where to pay you.")}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: method === "crypto" ? 4 : 3 }}>
            <Select
              label={t("Method")}
              data={choices.map((m) => ({ value: m.value, label: t(m.label) }))}
              value={method}
              onChange={(v) => setMethod(v ?? "bank")}
              allowDeselect={false}
              disabled={!twoFactorEnabled}
              error={errors.method}
            />
            <TextInput
              label={t("Account holder")}
              value={accountName}
              onChange={(e) => setAccountName(e.currentTarget.value)}
              disabled={!twoFactorEnabled}
              error={errors.accountName}
            />
            {method === "crypto" && (
              <TextInput
                label={t("Currency and network")}
                placeholder="USDT TRC-20" // i18n-exempt: a currency and network code
                value={network}
                onChange={(e) => setNetwork(e.currentTarget.value)}
                disabled={!twoFactorEnabled}
                error={errors.network}
              />
            )}
            <TextInput
              label={t(ACCOUNT_LABEL[method] ?? "IBAN and BIC")}
              value={account}
              onChange={(e) => setAccount(e.currentTarget.value)}
              disabled={!twoFactorEnabled}
              error={errors.account}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!twoFactorEnabled}>
              {t("Save payout details")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
