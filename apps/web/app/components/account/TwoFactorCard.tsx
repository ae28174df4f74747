import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { RecoveryCodesResponse, TwoFactorSetup, TwoFactorStatus } from "@marquee/contracts/auth";
import { IconAlertCircle, IconShieldLock } from "@tabler/icons-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { storeDeviceToken } from "../../lib/session.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { ReauthCancelled, useReauth } from "../ReauthPrompt.tsx";

/** Shows a failure, unless the person closed the password prompt (nothing failed then). */
function showFailure(error: unknown, fallback: string) {
  if (error instanceof ReauthCancelled) return;
  notifications.show({ color: "red", message: errorMessage(error, fallback) });
}

/** The recovery codes, shown once: copy them or download them as a text file. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join("\n")}\n`;
  const { t } = useTranslation();
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm" data-testid="recovery-codes">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t("Save your recovery codes now")}
      >
        {t("Each code signs you in once if you lose your phone. They are shown only this once.")}
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        {codes.map((code) => (
          <Code key={code} fz="sm" ta="center">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t("Copied") : t("Copy codes")}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={download}>
          {t("Download codes")}
        </Button>
        <Button onClick={onDone}>{t("I have saved them")}</Button>
      </Group>
    </Stack>
  );
}

/**
 * My account → Security (issue 22): turns two-factor sign-in on (QR code and secret, confirmed with a current code),
 * shows the recovery codes once, makes new ones, and turns it off. Each change asks for the password again when the
 * last one is over 5 minutes old.
 */
export function TwoFactorCard({ status, required }: { status: TwoFactorStatus | null; required: boolean }) {
  const { run, busy } = useIntent();
  const { guarded, prompt } = useReauth();
  const { t } = useTranslation();
  const f = useFormat();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [trust, setTrust] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const card = useRef<HTMLDivElement>(null);

  // An admin sent here from an admin screen lands on this card.
  const mustEnrol = required && status?.enabled !== true;
  useEffect(() => {
    if (mustEnrol) card.current?.scrollIntoView({ block: "start" });
  }, [mustEnrol]);

  const begin = async () => {
    try {
      setSetup(await guarded(() => run<TwoFactorSetup>("twoFactorSetup")));
      setCode("");
      setCodeError(null);
    } catch (error) {
      showFailure(error, t("Could not start the set-up."));
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, "");
    if (!/^\d{6}$/.test(typed)) {
      setCodeError(t("Enter the 6-digit code from your authenticator app"));
      return;
    }
    try {
      const done = await guarded(() =>
        run<RecoveryCodesResponse>("twoFactorConfirm", { code: typed, trustDevice: trust }),
      );
      if (done.deviceToken) storeDeviceToken(done.deviceToken);
      setSetup(null);
      setCodes(done.recoveryCodes);
      notifications.show({ color: "teal", message: t("Two-factor sign-in is on.") });
    } catch (error) {
      if (error instanceof ReauthCancelled) return;
      setCodeError(errorMessage(error, t("That code is not correct.")));
    }
  };

  const regenerate = async () => {
    try {
      setCodes((await guarded(() => run<RecoveryCodesResponse>("twoFactorRecoveryCodes"))).recoveryCodes);
    } catch (error) {
      showFailure(error, t("Could not make new recovery codes."));
    }
  };

  const disable = async () => {
    try {
      await guarded(() => run("twoFactorDisable"));
      setCodes(null);
      notifications.show({ color: "teal", message: t("Two-factor sign-in is off.") });
    } catch (error) {
      showFailure(error, t("Could not turn two-factor sign-in off."));
    }
  };

  const enabled = status?.enabled === true;
  return (
    <Card id="security" ref={card} data-testid="two-factor-card">
      {prompt}
      <Stack gap="md">
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <IconShieldLock size={20} />
            <Title order={2} fz="lg">
              {t("Two-factor sign-in")}
            </Title>
          </Group>
          <Badge color={enabled ? "teal" : "gray"} variant="light">
            {enabled ? t("On") : t("Off")}
          </Badge>
        </Group>
        {mustEnrol && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {t("Admins must turn on two-factor sign-in before using the admin tools.")}
          </Alert>
        )}
        {!status && <Text c="red">{t("Could not load your two-factor sign-in.")}</Text>}
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : setup ? (
          <form onSubmit={confirm} noValidate>
            <Stack gap="sm">
              <Text size="sm">
                {t(
                  "Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Aegis), or type the secret key into it. Then enter the 6-digit code it shows.",
                )}
              </Text>
              <Group align="flex-start" gap="lg" wrap="wrap">
                <Image src={setup.qrCode} alt={t("QR code for your authenticator app")} w={180} h={180} bg="white" />
                <Stack gap={4} style={{ minWidth: 0, flex: "1 1 200px" }}>
                  <Text size="sm" fw={600}>
                    {t("Secret key")}
                  </Text>
                  <Code data-testid="two-factor-secret" fz="sm" style={{ wordBreak: "break-all" }}>
                    {setup.secret}
                  </Code>
                </Stack>
              </Group>
              <TextInput
                label={t("6-digit code")}
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                value={code}
                error={codeError}
                onChange={(e) => {
                  setCode(e.currentTarget.value);
                  setCodeError(null);
                }}
                maw={220}
              />
              <Checkbox
                label={t("Trust this browser for 30 days")}
                checked={trust}
                onChange={(e) => setTrust(e.currentTarget.checked)}
              />
              <Group gap="sm">
                <Button type="submit" loading={busy}>
                  {t("Confirm and turn on")}
                </Button>
                <Button variant="default" onClick={() => setSetup(null)}>
                  {t("Cancel")}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : enabled ? (
          <Stack gap="sm">
            <List size="sm" spacing={4}>
              <List.Item>
                {t("On since {{date}}.", { date: status?.enabledAt ? f.date(status.enabledAt) : "—" })}
              </List.Item>
              <List.Item>
                {t("Recovery codes left: {{left}} of {{total}}.", { left: status?.recoveryCodesLeft ?? 0, total: 10 })}
              </List.Item>
            </List>
            <Group gap="sm">
              <Button variant="light" onClick={regenerate} loading={busy}>
                {t("New recovery codes")}
              </Button>
              <Button variant="light" color="red" onClick={disable} loading={busy}>
                {t("Turn off")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">
              {t(
                "After your password, sign-in asks for a code from an app on your phone, so a stolen password alone is not enough. Performers need it to change payout details and to be paid.",
              )}
            </Text>
            <Group>
              <Button onClick={begin} loading={busy}>
                {t("Turn on two-factor sign-in")}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
