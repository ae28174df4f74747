import { PasswordInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "../i18n/use-translation.ts";

type PasswordForm = Pick<UseFormReturnType<{ password: string; confirmPassword: string }>, "key" | "getInputProps">;

/** A new password and its confirmation (schema: `withPasswordConfirmation` in lib/passwords.ts). */
export function NewPasswordFields({
  form,
  label,
  description,
}: {
  form: PasswordForm;
  /** The first field's label, e.g. "Password" or "New password". */
  label: string;
  description?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        description={description}
        key={form.key("password")}
        {...form.getInputProps("password")}
      />
      <PasswordInput
        label={t("Confirm password")}
        autoComplete="new-password"
        key={form.key("confirmPassword")}
        {...form.getInputProps("confirmPassword")}
      />
    </>
  );
}
