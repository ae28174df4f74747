import { Button, Group, Modal, PasswordInput, Stack, Text } from "@mantine/core";
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { errorMessage, isApiError } from "../lib/api.ts";
import { useIntent } from "../lib/use-intent.ts";

/** The `error` of the API's 403 that asks for the password again (REAUTHENTICATION_REQUIRED in the contracts). */
const REAUTHENTICATION_REQUIRED = "ReauthenticationRequired";

/** Thrown to the caller when the person closes the password prompt instead of answering it. */
export class ReauthCancelled extends Error {
  constructor() {
    super("Cancelled");
    this.name = "ReauthCancelled";
  }
}

type Waiting = { resolve: () => void; reject: (error: unknown) => void };

/**
 * Issue 22: a change the API refuses with 403 ReauthenticationRequired (payout details, two-factor sign-in) asks for
 * the password in a dialog, sends it (the route's `reauthenticate` intent) and tries the change again. `guarded`
 * wraps the change; `prompt` is the dialog, rendered by the screen.
 */
export function useReauth(): { guarded: <T>(change: () => Promise<T>) => Promise<T>; prompt: ReactNode } {
  const { run, busy } = useIntent();
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const waitingRef = useRef<Waiting | null>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  const guarded = useCallback(async <T,>(change: () => Promise<T>): Promise<T> => {
    try {
      return await change();
    } catch (failure) {
      if (!isApiError(failure) || failure.error !== REAUTHENTICATION_REQUIRED) throw failure;
      await new Promise<void>((resolve, reject) => {
        waitingRef.current = { resolve, reject };
        setPassword("");
        setError(null);
        setWaiting(waitingRef.current);
      });
      return change();
    }
  }, []);

  const close = (outcome: "done" | "cancelled") => {
    const current = waitingRef.current;
    waitingRef.current = null;
    setWaiting(null);
    if (outcome === "done") current?.resolve();
    else current?.reject(new ReauthCancelled());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(t("Enter your password"));
      return;
    }
    try {
      await run("reauthenticate", { password });
      close("done");
    } catch (failure) {
      setError(errorMessage(failure, t("That password is not correct.")));
    }
  }

  const prompt = (
    <Modal opened={waiting !== null} onClose={() => close("cancelled")} title={t("Confirm it's you")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t("Enter your password again to make this change. It is asked for every few minutes.")}
          </Text>
          <PasswordInput
            label={t("Password")}
            name="password"
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => close("cancelled")}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={busy}>
              {t("Confirm")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
  return { guarded, prompt };
}
