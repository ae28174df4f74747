import { Alert, Button, Card, Group, PasswordInput, SimpleGrid, Stack, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconCircleCheck, IconLock } from "@tabler/icons-react";
import { useState } from "react";
import { z } from "zod";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { fieldErrorsFrom } from "../../lib/form-errors.ts";
import { translatedResolver } from "../../lib/form-i18n.ts";
import { withPasswordConfirmation } from "../../lib/passwords.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useAppDispatch, useAppSelector } from "../../state/store.ts";
import { toRejected } from "../../state/thunk.ts";
import { passwordUpdated, updateFailed, updateStarted } from "../../state/user.ts";
import { NewPasswordFields } from "../NewPasswordFields.tsx";
import { ENTER_CURRENT_PASSWORD } from "./ProfileForm.tsx";

const passwordSchema = withPasswordConfirmation({
  currentPassword: z.string().min(1, ENTER_CURRENT_PASSWORD).max(128),
  password: z.string().min(8, msg("Password must be at least 8 characters")).max(128),
});

/**
 * Changes the password through the account route's `password` intent (the other sessions are logged out). The
 * user slice follows it (SPEC section 4): updating while it is sent, then `updatedPassword` (the message shows in
 * the card) or the error; while the profile is being saved the button waits.
 */
export function PasswordForm() {
  const { t } = useTranslation();
  const { run, busy: saving } = useIntent();
  const dispatch = useAppDispatch();
  const updating = useAppSelector((s) => s.user.updating);
  const updatedPassword = useAppSelector((s) => s.user.updatedPassword);
  const [message, setMessage] = useState(() => t("Your password has been changed."));
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { currentPassword: "", password: "", confirmPassword: "" },
    validate: translatedResolver(schemaResolver(passwordSchema, { sync: true }), t),
  });

  const submit = form.onSubmit(async (values) => {
    dispatch(updateStarted("password"));
    try {
      const result = await run<{ message?: string } | null>("password", {
        currentPassword: values.currentPassword,
        password: values.password,
      });
      form.reset();
      setMessage(result?.message || t("Your password has been changed."));
      dispatch(passwordUpdated());
    } catch (error) {
      dispatch(updateFailed(toRejected(error, t("Could not change your password."))));
      const { currentPassword, password } = fieldErrorsFrom(error);
      if (currentPassword || password) form.setErrors({ currentPassword, password });
      else notifications.show({ color: "red", message: errorMessage(error, t("Could not change your password.")) });
    }
  });

  return (
    <Card>
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="xs">
            <IconLock size={20} />
            <Title order={2} fz="lg">
              {t("Password")}
            </Title>
          </Group>
          <PasswordInput
            label={t("Current password")}
            autoComplete="current-password"
            key={form.key("currentPassword")}
            {...form.getInputProps("currentPassword")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NewPasswordFields form={form} label={t("New password")} />
          </SimpleGrid>
          {updatedPassword && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
              {message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={saving} disabled={updating && !saving}>
              {t("Change password")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
