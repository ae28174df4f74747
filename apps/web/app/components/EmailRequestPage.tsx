import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { email } from "@marquee/contracts/users";
import { IconMailCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { errorMessage } from "../lib/api.ts";
import { setFieldErrors } from "../lib/form-errors.ts";
import { AuthHeading } from "./AuthHeading.tsx";

const emailSchema = z.object({ email });

/**
 * An auth screen that asks for an email and sends something to it (forgot password, resend verification):
 * the form until `sent` holds the confirmation, then that confirmation.
 */
export function EmailRequestPage({
  title,
  intro,
  sent,
  sending,
  send,
  errorFallback,
}: {
  title: ReactNode;
  intro: ReactNode;
  sent: string | null;
  sending: boolean;
  /** Sends the request for the trimmed email; rejects with the API error (field details land on the field). */
  send: (email: string) => Promise<void>;
  /** The toast message when the error has none. */
  errorFallback?: string;
}) {
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: schemaResolver(emailSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await send(values.email.trim());
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
              label="Email"
              type="email"
              autoComplete="email"
              key={form.key("email")}
              {...form.getInputProps("email")}
            />
            <Button type="submit" size="md" fullWidth loading={sending}>
              Send
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/auth/login">
          Back to login
        </Anchor>
      </Text>
    </Stack>
  );
}
