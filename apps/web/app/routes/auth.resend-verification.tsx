import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { email } from "@marquee/contracts/users";
import { IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { api, errorMessage } from "../lib/api.ts";
import { fieldErrorsFrom } from "../lib/form-errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.resend-verification";

export const handle = pages.resendVerification.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Resend verification email", "Get a new link to verify the email address of your account.");

export default function ResendVerificationPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: schemaResolver(z.object({ email }), { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      const res = await api.post<{ message: string }>("/auth/email-verification/resend", {
        email: values.email.trim(),
      });
      setSent(res?.message || "If the address needs verifying, a new link is on its way.");
    } catch (error) {
      const fields = fieldErrorsFrom(error);
      if (Object.keys(fields).length) form.setErrors(fields);
      else notifications.show({ color: "red", message: errorMessage(error) });
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={30}>
          Verify your email
        </Title>
        <Text c="dimmed" mt={4}>
          We'll send a fresh verification link to your inbox.
        </Text>
      </div>
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
            <Button type="submit" size="md" fullWidth loading={submitting}>
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
