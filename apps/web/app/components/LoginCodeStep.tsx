import { Alert, Anchor, Button, Checkbox, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { loginWithCode } from "../state/auth.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { AuthHeading } from "./AuthHeading.tsx";

/**
 * The sign-in's second step for an account with two-factor sign-in (issue 22): a code from the authenticator app, or
 * one of the recovery codes; "trust this browser" skips the step here for 30 days.
 */
export function LoginCodeStep({
  challenge,
  remember,
  onDone,
  onRestart,
}: {
  challenge: string;
  remember: boolean;
  onDone: () => unknown;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const requesting = useAppSelector((s) => s.auth.loginAuth.requesting);
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) {
      setError(useRecovery ? t("Enter one of your recovery codes") : t("Enter the 6-digit code"));
      return;
    }
    const result = await dispatch(
      loginWithCode({
        challenge,
        remember,
        trustDevice,
        ...(useRecovery ? { recoveryCode: typed } : { code: typed.replace(/\s/g, "") }),
      }),
    );
    if (loginWithCode.fulfilled.match(result)) await onDone();
    else setError(result.payload?.message ?? t("That code is not correct."));
  }

  return (
    <Stack gap="lg">
      <AuthHeading title={t("Two-factor sign-in")}>
        {useRecovery
          ? t("Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once.")
          : t("Enter the 6-digit code your authenticator app shows for this account.")}
      </AuthHeading>
      {error && (
        <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            key={useRecovery ? "recovery" : "code"}
            label={useRecovery ? t("Recovery code") : t("Authentication code")}
            name={useRecovery ? "recoveryCode" : "code"}
            autoComplete="one-time-code"
            inputMode={useRecovery ? "text" : "numeric"}
            // i18n-exempt: the codes' format
            placeholder={useRecovery ? "xxxxx-xxxxx" : "123456"}
            maxLength={useRecovery ? 40 : 7}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Checkbox
            label={t("Trust this browser for 30 days")}
            checked={trustDevice}
            onChange={(e) => setTrustDevice(e.currentTarget.checked)}
          />
          <Button type="submit" size="md" fullWidth loading={requesting}>
            {t("Verify and log in")}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setValue("");
              setError(null);
            }}
          >
            {useRecovery ? t("Use a code from the app instead") : t("Use a recovery code instead")}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onRestart}>
            {t("Start again with another account")}
          </Anchor>
        </Stack>
      </form>
    </Stack>
  );
}
