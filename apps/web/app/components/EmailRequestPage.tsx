import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { email } from "@marquee/contracts/users";
import { IconMailCheck } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { errorMessage } from "../lib/api.ts";
import { setFieldErrors } from "../lib/form-errors.ts";
import { translatedResolver } from "../lib/form-i18n.ts";
import { useIntent } from "../lib/use-intent.ts";
import { AuthHeading } from "./AuthHeading.tsx";

const emailSchema = z.object({ email });

/** The intent of the route's action that sends the request for `{ email }` (each route's action names it). */
export const EMAIL_REQUEST_INTENT = "send";

/**
 * An auth screen that asks for an email and sends something to it (forgot password, resend verification) through
 * its route's action: the form until the action answers, then its confirmation (or `sentFallback`). The API's
 * field errors land on the field; other errors are a toast.
 */
export function EmailRequestPage({
  title,
  intro,
  sentFallback,
  errorFallback,
}: {
  title: ReactNode;
  intro: ReactNode;
  /** The confirmation when the answer has no message. */
  sentFallback: string;
  /** The toast message when the error has none. */
  errorFallback?: string;
}) {
  const { t } = useTranslation();
  const { run, busy } = useIntent();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: translatedResolver(schemaResolver(emailSchema, { sync: true }), t),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const res = await run<{ message: string } | null>(EMAIL_REQUEST_INTENT, { email: values.email.trim() });
      setSent(res?.message || sentFallback);
    } catch (error) {
      if (!setFieldErrors(form, error))
        notifications.show({ color: "red", message: errorMessage(error, errorFallback) });
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
