import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { email } from "@marquee/contracts/users";
import { IconAlertCircle, IconMailCheck } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { useTranslation } from "../i18n/use-translation.ts";
import { setFieldErrors } from "../lib/form-errors.ts";
import { translatedResolver } from "../lib/form-i18n.ts";
import { useIntent } from "../lib/use-intent.ts";
import { type RejectedError, type RequestState, toRejected } from "../state/thunk.ts";
import { AuthHeading } from "./AuthHeading.tsx";

/** Where a screen keeps its request's state (the forgot-password screen: the store's auth.forgotData). */
export interface EmailRequestState {
  state: RequestState<{ message: string }>;
  requested: () => void;
  answered: (message: string) => void;
  failed: (error: RejectedError) => void;
}

const emailSchema = z.object({ email });

/** The intent of the route's action that sends the request for `{ email }` (each route's action names it). */
export const EMAIL_REQUEST_INTENT = "send";

/**
 * An auth screen that asks for an email and sends something to it (forgot password, resend verification) through
 * its route's action: the form until the action answers, then its confirmation (or `sentFallback`). The API's
 * field errors land on the field; other errors are said above the form. With `tracked` the request's state lives
 * there (requesting, success with the answer's message, error) and the screen shows it.
 */
export function EmailRequestPage({
  title,
  intro,
  sentFallback,
  errorFallback,
  tracked,
}: {
  title: ReactNode;
  intro: ReactNode;
  /** The confirmation when the answer has no message. */
  sentFallback: string;
  /** The message when the error has none. */
  errorFallback?: string;
  tracked?: EmailRequestState;
}) {
  const { t } = useTranslation();
  const { run, busy: sending } = useIntent();
  const [local, setLocal] = useState<RequestState<{ message: string }>>({
    requesting: false,
    error: null,
    data: null,
    success: false,
  });
  const request: EmailRequestState = tracked ?? {
    state: local,
    requested: () => setLocal({ requesting: true, error: null, data: null, success: false }),
    answered: (message) => setLocal({ requesting: false, error: null, data: { message }, success: true }),
    failed: (error) => setLocal({ requesting: false, error, data: null, success: false }),
  };
  const { state } = request;
  const sent = state.success ? (state.data?.message ?? sentFallback) : null;
  const busy = sending || state.requesting;
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: translatedResolver(schemaResolver(emailSchema, { sync: true }), t),
  });

  const submit = form.onSubmit(async (values) => {
    request.requested();
    try {
      const res = await run<{ message: string } | null>(EMAIL_REQUEST_INTENT, { email: values.email.trim() });
      request.answered(res?.message || sentFallback);
    } catch (error) {
      const rejected = toRejected(error, errorFallback ?? "Please try again.");
      // A field's error lands on the field; the rest is said above the form.
      request.failed(setFieldErrors(form, error) ? { ...rejected, message: "" } : rejected);
    }
  });

  return (
    <Stack gap="lg">
      <AuthHeading title={title}>{intro}</AuthHeading>
      {sent ? (
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />}>
          {sent}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {state.error?.message ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {state.error.message}
              </Alert>
            ) : null}
            <TextInput
              label={t("Email")}
              type="email"
              autoComplete="email"
              key={form.key("email")}
              {...form.getInputProps("email")}
            />
            <Button type="submit" size="md" fullWidth loading={busy}>
              {t("Send")}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/auth/login">
          {t("Back to login")}
        </Anchor>
      </Text>
    </Stack>
  );
}
