import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { isNotEmpty, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { withReturnPath } from "@marquee/contracts/return-path";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import { translateError } from "../lib/api.ts";
import { destinationAfterLogin, returnPathOf } from "../lib/redirects.ts";
import { INCORRECT_CREDENTIALS, login } from "../state/auth.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { AuthHeading } from "./AuthHeading.tsx";
import { LoginCodeStep } from "./LoginCodeStep.tsx";

// Plain validators rather than zod: the login page is a common first load, and this keeps zod out of it.

export function LoginForm({ notice, serverError }: { notice?: string; serverError?: string | undefined }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const requesting = useAppSelector((s) => s.auth.loginAuth.requesting);
  const [challenge, setChallenge] = useState<{ challenge: string; remember: boolean } | null>(null);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { username: "", password: "", remember: false },
    validate: {
      username: isNotEmpty(t("Enter your username or email")),
      password: isNotEmpty(t("Enter your password")),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const result = await dispatch(login({ ...values, username: values.username.trim() }));
    if (login.fulfilled.match(result) && result.payload.challenge) {
      setChallenge({ challenge: result.payload.challenge, remember: values.remember });
    } else if (login.fulfilled.match(result)) {
      await navigate(destinationAfterLogin(search));
    } else {
      notifications.show({
        color: "red",
        title: t("Login failed"),
        message: translateError(result.payload?.message || INCORRECT_CREDENTIALS, t),
      });
    }
  });

  if (challenge) {
    return (
      <LoginCodeStep
        {...challenge}
        onDone={() => navigate(destinationAfterLogin(search))}
        onRestart={() => setChallenge(null)}
      />
    );
  }

  return (
    <Stack gap="lg">
      <AuthHeading title={t("Welcome back")}>{t("Log in to continue to your account.")}</AuthHeading>
      {serverError && (
        <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />}>
          {/* The login action's own words (marked with msg()) or the API's, shown as they come. */}
          {t(serverError)}
        </Alert>
      )}
      {notice && (
        <Alert variant="light" color="grape" icon={<IconAlertCircle size={18} />}>
          {notice}
        </Alert>
      )}
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("Username or email")}
            name="username"
            autoComplete="username"
            // i18n-exempt: an example address
            placeholder="you@example.com"
            key={form.key("username")}
            {...form.getInputProps("username")}
          />
          <PasswordInput
            label={t("Password")}
            name="password"
            autoComplete="current-password"
            placeholder={t("Your password")}
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
          <Group justify="space-between">
            <Checkbox
              label={t("Remember me")}
              key={form.key("remember")}
              {...form.getInputProps("remember", { type: "checkbox" })}
            />
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              {t("Forgot password?")}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={requesting}>
            {t("Log in")}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" c="dimmed">
        {t("New here?")}{" "}
        <Anchor
          component={Link}
          to={withReturnPath("/auth/register", returnPathOf(search))}
          fw={600}
          underline="always"
        >
          {t("Create an account")}
        </Anchor>
      </Text>
      <Text size="xs" ta="center" c="dimmed">
        {t("Didn't get the verification email?")}{" "}
        <Anchor component={Link} to="/auth/resend-verification" underline="always">
          {t("Send it again")}
        </Anchor>
      </Text>
    </Stack>
  );
}
