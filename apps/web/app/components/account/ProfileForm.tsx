import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { genders, type OwnUser } from "@marquee/contracts/users";
import { IconCircleCheck, IconMailForward, IconUser } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { z } from "zod";
import { msg } from "../../i18n/i18n.ts";
import { Trans } from "../../i18n/Trans.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { setFieldErrors } from "../../lib/form-errors.ts";
import { translatedResolver } from "../../lib/form-i18n.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useAppDispatch, useAppSelector } from "../../state/store.ts";
import { toRejected } from "../../state/thunk.ts";
import {
  type CurrentUser,
  type ProfileChanges,
  profileUpdated,
  updateFailed,
  updateStarted,
} from "../../state/user.ts";

type Option = { value: string; label: string };

/** How each gender reads in the profile's choices. */
const GENDER_LABELS: Record<(typeof genders)[number], string> = {
  female: msg("Female"),
  male: msg("Male"),
  transgender: msg("Transgender"),
  "non-binary": msg("Non binary"),
};

/** The country and dial-code choices, as the account route's loader reads them. */
export type AccountOptions = { countries: Option[]; dialCodes: Option[] };

export const ENTER_CURRENT_PASSWORD = msg("Enter your current password");

const profileSchema = z.object({
  name: z.string().trim().min(1, msg("Name is required")).max(80),
  username: z
    .string()
    .trim()
    .min(3, msg("Username must be at least 3 characters"))
    .max(30)
    .regex(/^[a-zA-Z0-9_.]+$/, msg("Username may contain letters, digits, dots and underscores")),
  email: z
    .string()
    .trim()
    .pipe(z.email(msg("Enter a valid email address"))),
  bio: z.string().max(2000),
  country: z.string().nullable(),
  gender: z.string().nullable(),
  phoneCode: z.string().nullable(),
  phone: z
    .string()
    .trim()
    .regex(/^([0-9 ()-]{4,20})?$/, msg("Enter a valid phone number")),
});

/** The profile form's rules; changing the email address also needs the current password. */
const profileSchemaFor = (currentEmail: string) =>
  profileSchema
    .extend({ currentPassword: z.string().max(128) })
    .refine((v) => v.email.trim().toLowerCase() === currentEmail || v.currentPassword.length > 0, {
      path: ["currentPassword"],
      message: ENTER_CURRENT_PASSWORD,
    });

function profileValues(user: CurrentUser) {
  return {
    name: user.name ?? "",
    username: user.username ?? "",
    email: user.email ?? "",
    bio: user.bio ?? "",
    country: user.country ?? null,
    gender: (user.gender as string | null | undefined) ?? null,
    phoneCode: user.phoneCode ?? null,
    phone: user.phone ?? "",
    currentPassword: "",
  };
}

/**
 * The member's profile, saved through the account route's `profile` intent; a new email address needs the current
 * password and waits for the link mailed to it.
 */
export function ProfileForm({ user, options }: { user: CurrentUser; options: AccountOptions }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { run, busy: saving } = useIntent();
  // SPEC section 4: updating while it is sent, then updateSuccess (the message shows in the card) or the error.
  const updating = useAppSelector((s) => s.user.updating);
  const updateSuccess = useAppSelector((s) => s.user.updateSuccess);
  const [savedMessage, setSavedMessage] = useState(() => t("Your profile has been saved."));
  const { countries, dialCodes } = options;
  const schema = useMemo(() => profileSchemaFor(user.email), [user.email]);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: profileValues(user),
    validate: translatedResolver(schemaResolver(schema, { sync: true }), t),
  });
  // The current-password field shows only while the email differs from the account's.
  const [emailChanged, setEmailChanged] = useState(false);
  form.watch("email", ({ value }) => setEmailChanged(value.trim().toLowerCase() !== user.email));

  const submit = form.onSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    const changes: ProfileChanges = {
      name: values.name.trim(),
      username: values.username.trim().toLowerCase(),
      ...(email !== user.email ? { email, currentPassword: values.currentPassword } : {}),
      bio: values.bio.trim() || null,
      country: values.country || null,
      gender: (values.gender || null) as ProfileChanges["gender"],
      phoneCode: values.phoneCode || null,
      phone: values.phone.trim() || null,
    };
    dispatch(updateStarted("profile"));
    try {
      const updated = await run<OwnUser>("profile", changes);
      const message = changes.email
        ? t("Your profile has been saved. Check your inbox at {{email}} to confirm the new address.", {
            email: changes.email,
          })
        : t("Your profile has been saved.");
      setSavedMessage(message);
      dispatch(profileUpdated(updated));
      // Said at once where the eye is (the toast) and kept in the card while user.updateSuccess holds.
      notifications.show({ color: "teal", message });
      // The account keeps its address until the new one is confirmed: the field goes back to it.
      form.setValues({ email: updated.email, currentPassword: "" });
      setEmailChanged(false);
      form.resetDirty();
    } catch (error) {
      dispatch(updateFailed(toRejected(error, t("Could not save your profile."))));
      setFieldErrors(form, error);
      notifications.show({ color: "red", message: errorMessage(error, t("Could not save your profile.")) });
    }
  });

  return (
    <Card>
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="xs">
            <IconUser size={20} />
            <Title order={2} fz="lg">
              {t("Profile")}
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t("Name")} autoComplete="name" key={form.key("name")} {...form.getInputProps("name")} />
            <TextInput
              label={t("Username")}
              autoComplete="username"
              key={form.key("username")}
              {...form.getInputProps("username")}
            />
          </SimpleGrid>
          <TextInput
            label={t("Email")}
            type="email"
            autoComplete="email"
            description={t("A new address takes effect once you follow the link we mail to it.")}
            key={form.key("email")}
            {...form.getInputProps("email")}
          />
          {emailChanged && (
            <PasswordInput
              label={t("Current password")}
              description={t("Needed to change your email address.")}
              autoComplete="current-password"
              key={form.key("currentPassword")}
              {...form.getInputProps("currentPassword")}
            />
          )}
          {user.pendingEmail && (
            <Alert color="blue" variant="light" icon={<IconMailForward size={18} />} data-testid="pending-email">
              <Trans
                t={t}
                i18nKey={msg("Check your inbox to confirm the new address <b/>. Until then you keep using {{email}}.")}
                values={{ email: user.email }}
                components={{ b: <b>{user.pendingEmail}</b> }}
              />
            </Alert>
          )}
          <Textarea
            label={t("Bio")}
            autosize
            minRows={3}
            maxRows={8}
            key={form.key("bio")}
            {...form.getInputProps("bio")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t("Country")}
              size="md"
              searchable
              clearable
              data={countries}
              nothingFoundMessage={t("No country found")}
              key={form.key("country")}
              {...form.getInputProps("country")}
            />
            <Select
              label={t("Gender")}
              size="md"
              clearable
              data={genders.map((g) => ({ value: g, label: t(GENDER_LABELS[g]) }))}
              key={form.key("gender")}
              {...form.getInputProps("gender")}
            />
          </SimpleGrid>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Select
                label={t("Dial code")}
                size="md"
                searchable
                clearable
                data={dialCodes}
                key={form.key("phoneCode")}
                {...form.getInputProps("phoneCode")}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <TextInput
                label={t("Phone")}
                type="tel"
                autoComplete="tel-national"
                key={form.key("phone")}
                {...form.getInputProps("phone")}
              />
            </Grid.Col>
          </Grid>
          {updateSuccess && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
              {savedMessage}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={updating && !saving}>
              {t("Save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
