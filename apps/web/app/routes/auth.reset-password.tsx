import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { password } from "@marquee/contracts/users";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AuthHeading } from "../components/AuthHeading.tsx";
import { NewPasswordFields } from "../components/NewPasswordFields.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { fieldErrorsFrom } from "../lib/form-errors.ts";
import { translatedResolver } from "../lib/form-i18n.ts";
import { pageMeta } from "../lib/meta.ts";
import { withPasswordConfirmation } from "../lib/passwords.ts";
import { metaT } from "../lib/seo.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.reset-password";

export const handle = pages.resetPassword.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Reset password"), t("Choose a new password for your account."));
};

/** Sets `password` with the mailed link's `token`, the proof the visitor reads that mailbox. */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    reset: (api, { token, password }) => api.post<{ message: string }>("/auth/users/reset", { token, password }),
  });
}

const schema = withPasswordConfirmation({ password });

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const { run, busy } = useIntent();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { password: "", confirmPassword: "" },
    validate: translatedResolver(schemaResolver(schema, { sync: true }), t),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const res = await run<{ message: string } | null>("reset", { token, password: values.password });
      setResult({ ok: true, message: res?.message || t("Your password has been changed.") });
    } catch (error) {
      const fields = fieldErrorsFrom(error);
      if (fields.password) form.setErrors({ password: fields.password });
      else setResult({ ok: false, message: errorMessage(error, t("This reset link is invalid or has expired.")) });
    }
  });

  return (
    <Stack gap="lg">
      <AuthHeading title={t("Choose a new password")}>{t("Pick something you haven't used here before.")}</AuthHeading>
      {!token && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t("This reset link is incomplete. Ask for a new one from the forgot password page.")}
        </Alert>
      )}
      {result && (
        <Alert
          color={result.ok ? "teal" : "red"}
          variant="light"
          icon={result.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
        >
          {result.message}
        </Alert>
      )}
      {result?.ok ? (
        <Button component={Link} to="/auth/login" size="md">
          {t("Go to login")}
        </Button>
      ) : (
        <form method="post" onSubmit={submit} noValidate>
          <Stack gap="md">
            <NewPasswordFields form={form} label={t("New password")} />
            <Button type="submit" size="md" fullWidth loading={busy} disabled={!token}>
              {t("Change password")}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/auth/forgot-password">
          {t("Request a new link")}
        </Anchor>
      </Text>
    </Stack>
  );
}
