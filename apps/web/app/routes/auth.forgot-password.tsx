import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { email } from "@marquee/contracts/users";
import { IconMailCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { z } from "zod";
import { fieldErrorsFrom } from "../lib/form-errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import { forgotPassword } from "../state/auth.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/auth.forgot-password";

export const handle = pages.forgotPassword.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Forgot password", "Get a link to choose a new password for your account.");

export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const forgot = useAppSelector((s) => s.auth.forgotData);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: schemaResolver(z.object({ email }), { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    const result = await dispatch(forgotPassword(values.email.trim()));
    if (forgotPassword.rejected.match(result)) {
      const fields = fieldErrorsFrom(result.payload);
      if (Object.keys(fields).length) form.setErrors(fields);
      else notifications.show({ color: "red", message: result.payload?.message ?? "Please try again." });
    }
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={30}>
          Forgot your password?
        </Title>
        <Text c="dimmed" mt={4}>
          Enter the email of your account and we'll send you a link to reset it.
        </Text>
      </div>
      {forgot.success ? (
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />}>
          {forgot.data?.message || "If an account uses that email, a reset link is on its way."}
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
            <Button type="submit" size="md" fullWidth loading={forgot.requesting}>
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
