import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { withReturnPath } from "@marquee/contracts/return-path";
import { email, password, username } from "@marquee/contracts/users";
import { IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { AuthHeading } from "../components/AuthHeading.tsx";
import { useCaptcha } from "../components/Captcha.tsx";
import { NewPasswordFields } from "../components/NewPasswordFields.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { CAPTCHA_FIELD } from "../lib/captcha.ts";
import { parseCookies } from "../lib/cookies.ts";
import { setFieldErrors } from "../lib/form-errors.ts";
import { translatedResolver } from "../lib/form-i18n.ts";
import { pageMeta } from "../lib/meta.ts";
import { withPasswordConfirmation } from "../lib/passwords.ts";
import { REF_COOKIE } from "../lib/promotions.ts";
import { returnPathOf } from "../lib/redirects.ts";
import { metaT } from "../lib/seo.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.register";

export const handle = pages.register.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(
    matches,
    t("Sign up"),
    t("Create a free account to follow performers, comment and build your collection."),
  );
};

/** Signs up with the form's fields and the captcha's token, which the API verifies when a captcha is configured. */
export function action({ request, context }: Route.ActionArgs) {
  const ref = parseCookies(request.headers.get("Cookie"))[REF_COOKIE];
  return handleIntents(request, context, {
    register: (api, { name, username, email, password, next, [CAPTCHA_FIELD]: captchaToken }) =>
      api.post<{ message: string }>("/auth/users/register", {
        name,
        username,
        email,
        password,
        ...(next ? { next } : {}),
        // The tracking link the visitor came by (routes/r.$code.ts): the sign-up counts for it.
        ...(ref && /^[A-Za-z0-9_-]{4,40}$/.test(ref) ? { ref } : {}),
        [CAPTCHA_FIELD]: captchaToken,
      }),
  });
}

const registerSchema = withPasswordConfirmation({
  name: z.string().trim().min(1, msg("Name is required")).max(80),
  username,
  email,
  password,
});

export default function RegisterPage() {
  const { t } = useTranslation();
  const [done, setDone] = useState<string | null>(null);
  // The page sign-up started from (a lock's "Create an account"): the mailed link and login lead back to it.
  const [search] = useSearchParams();
  const next = returnPathOf(search);
  const loginPath = withReturnPath("/auth/login", next);
  const { run, busy } = useIntent();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { name: "", username: "", email: "", password: "", confirmPassword: "" },
    validate: translatedResolver(schemaResolver(registerSchema, { sync: true }), t),
  });
  const captcha = useCaptcha();

  const submit = form.onSubmit(async ({ confirmPassword: _, ...values }) => {
    const response = captcha.response();
    if (response === null) return;
    try {
      const res = await run<{ message: string } | null>("register", {
        ...values,
        username: values.username.trim().toLowerCase(),
        email: values.email.trim(),
        name: values.name.trim(),
        ...(next ? { next } : {}),
        [CAPTCHA_FIELD]: response,
      });
      setDone(res?.message || t("Your account has been created."));
    } catch (error) {
      if (captcha.refused(error)) return;
      if (!setFieldErrors(form, error)) {
        notifications.show({ color: "red", title: t("Could not sign up"), message: errorMessage(error) });
      }
    }
  });

  if (done) {
    return (
      <Stack gap="lg">
        <Title order={1} fz={30}>
          {t("Check your inbox")}
        </Title>
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />}>
          {done}
        </Alert>
        <Button component={Link} to={loginPath} size="md">
          {t("Go to login")}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <AuthHeading title={t("Create your account")}>{t("It only takes a minute.")}</AuthHeading>
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t("Name")} autoComplete="name" key={form.key("name")} {...form.getInputProps("name")} />
          <TextInput
            label={t("Username")}
            autoComplete="username"
            description={t("Letters, digits, dots and underscores")}
            key={form.key("username")}
            {...form.getInputProps("username")}
          />
          <TextInput
            label={t("Email")}
            type="email"
            autoComplete="email"
            key={form.key("email")}
            {...form.getInputProps("email")}
          />
          <NewPasswordFields form={form} label={t("Password")} description={t("At least 8 characters")} />
          {captcha.field}
          <Button type="submit" size="md" fullWidth loading={busy}>
            {t("Sign up")}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" c="dimmed">
        {t("Already have an account?")}{" "}
        <Anchor component={Link} to={loginPath} fw={600} underline="always">
          {t("Log in")}
        </Anchor>
      </Text>
    </Stack>
  );
}
