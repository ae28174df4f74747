import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  FileButton,
  Grid,
  Group,
  PasswordInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { SessionItem } from "@marquee/contracts/auth";
import { DEFAULT_IMAGE_MAX_MB } from "@marquee/contracts/site";
import { genders } from "@marquee/contracts/users";
import { IconCamera, IconLock, IconMailForward, IconUser } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { AccountSessions } from "../components/AccountSessions.tsx";
import { NewPasswordFields } from "../components/NewPasswordFields.tsx";
import { api, errorMessage } from "../lib/api.ts";
import { fieldErrorsFrom, setFieldErrors } from "../lib/form-errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { withPasswordConfirmation } from "../lib/passwords.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { type CurrentUser, type ProfileChanges, setCurrentUser, updatePassword, updateProfile } from "../state/user.ts";
import type { Route } from "./+types/account";

export const handle = pages.account.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "My account", "Manage your profile, avatar, password and sessions.");

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { data } = await sessionApi(request, context).get<{ data: SessionItem[] }>("/auth/users/me/sessions");
    return { sessions: data, sessionsError: null };
  } catch (error) {
    return { sessions: [] as SessionItem[], sessionsError: errorMessage(error, "Could not load your sessions.") };
  }
}

const MAX_AVATAR_BYTES = DEFAULT_IMAGE_MAX_MB * 1024 * 1024;

const profileSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(80),
  username: z
    .string()
    .trim()
    .min(3, "Username must be at least 3 characters")
    .max(30)
    .regex(/^[a-zA-Z0-9_.]+$/, "Username may contain letters, digits, dots and underscores"),
  email: z.string().trim().pipe(z.email("Enter a valid email address")),
  bio: z.string().max(2000),
  country: z.string().nullable(),
  gender: z.string().nullable(),
  phoneCode: z.string().nullable(),
  phone: z
    .string()
    .trim()
    .regex(/^([0-9 ()-]{4,20})?$/, "Enter a valid phone number"),
});

const ENTER_CURRENT_PASSWORD = "Enter your current password";

/** The profile form's rules; changing the email address also needs the current password. */
const profileSchemaFor = (currentEmail: string) =>
  profileSchema
    .extend({ currentPassword: z.string().max(128) })
    .refine((v) => v.email.trim().toLowerCase() === currentEmail || v.currentPassword.length > 0, {
      path: ["currentPassword"],
      message: ENTER_CURRENT_PASSWORD,
    });

const passwordSchema = withPasswordConfirmation({
  currentPassword: z.string().min(1, ENTER_CURRENT_PASSWORD).max(128),
  password: z.string().min(8, "Password must be at least 8 characters").max(128),
});

type Option = { value: string; label: string };

/** Country and dial-code options; fetched once per page load and shared. */
let lookups: Promise<{ countries: Option[]; dialCodes: Option[] }> | null = null;

function loadLookups() {
  lookups ??= Promise.all([
    api.get<Array<{ code: string; name: string }>>("/countries/list").catch(() => []),
    api.get<Array<{ code: string; name: string; dialCode: string }>>("/phone-codes/list").catch(() => []),
  ]).then(([countryList, phoneList]) => {
    const seen = new Set<string>();
    const dialCodes: Option[] = [];
    for (const c of phoneList ?? []) {
      if (!c.dialCode || seen.has(c.dialCode)) continue;
      seen.add(c.dialCode);
      dialCodes.push({ value: c.dialCode, label: `${c.dialCode} ${c.name}` });
    }
    return { countries: (countryList ?? []).map((c) => ({ value: c.code, label: c.name })), dialCodes };
  });
  return lookups;
}

function useLookups() {
  const [options, setOptions] = useState<{ countries: Option[]; dialCodes: Option[] }>({
    countries: [],
    dialCodes: [],
  });
  useEffect(() => {
    let live = true;
    void loadLookups().then((loaded) => {
      if (live) setOptions(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return options;
}

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

function AvatarCard({ user }: { user: CurrentUser }) {
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      notifications.show({ color: "red", message: "Choose an image file (JPEG, PNG or WebP)." });
      return;
    }
    if (file.size > MAX_AVATAR_BYTES) {
      notifications.show({ color: "red", message: `The image must be ${DEFAULT_IMAGE_MAX_MB} MB or smaller.` });
      return;
    }
    setProgress(0);
    try {
      const updated = await api.upload<CurrentUser>("/users/avatar/upload", [{ fieldname: "file", file }], {
        onProgress: setProgress,
      });
      if (updated?._id) dispatch(setCurrentUser(updated as Parameters<typeof setCurrentUser>[0]));
      notifications.show({ color: "teal", message: "Your avatar has been updated." });
    } catch (error) {
      notifications.show({ color: "red", title: "Upload failed", message: errorMessage(error) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card>
      <Stack align="center" gap="md" ta="center">
        <Avatar src={user.avatar} alt={user.name} size={112} radius={56} />
        <div>
          <Text fw={700} fz="lg">
            {user.name}
          </Text>
          <Text c="dimmed" size="sm">
            @{user.username}
          </Text>
        </div>
        <Group gap={6} justify="center">
          {user.role && (
            <Badge variant="light" tt="capitalize">
              {user.role}
            </Badge>
          )}
          {user.verifiedEmail === false && (
            <Badge variant="light" color="orange">
              Email not verified
            </Badge>
          )}
        </Group>
        <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconCamera size={16} />} loading={progress !== null}>
              Change avatar
            </Button>
          )}
        </FileButton>
        {progress !== null && (
          <Stack gap={4} w="100%">
            <Progress value={progress} animated aria-label="Upload progress" />
            <Text size="xs" c="dimmed" data-testid="avatar-upload-progress">
              Uploading… {progress}%
            </Text>
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          JPEG, PNG or WebP, up to {DEFAULT_IMAGE_MAX_MB} MB.
        </Text>
      </Stack>
    </Card>
  );
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const dispatch = useAppDispatch();
  const updating = useAppSelector((s) => s.user.updating);
  const { countries, dialCodes } = useLookups();
  const schema = useMemo(() => profileSchemaFor(user.email), [user.email]);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: profileValues(user),
    validate: schemaResolver(schema, { sync: true }),
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
    const result = await dispatch(updateProfile(changes));
    if (updateProfile.fulfilled.match(result)) {
      // The account keeps its address until the new one is confirmed: the field goes back to it.
      form.setValues({ email: result.payload.email, currentPassword: "" });
      setEmailChanged(false);
      form.resetDirty();
      notifications.show({
        color: "teal",
        message: changes.email
          ? `Your profile has been saved. Check your inbox at ${changes.email} to confirm the new address.`
          : "Your profile has been saved.",
      });
    } else {
      setFieldErrors(form, result.payload);
      notifications.show({ color: "red", message: result.payload?.message ?? "Could not save your profile." });
    }
  });

  return (
    <Card>
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="xs">
            <IconUser size={20} />
            <Title order={2} fz="lg">
              Profile
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" autoComplete="name" key={form.key("name")} {...form.getInputProps("name")} />
            <TextInput
              label="Username"
              autoComplete="username"
              key={form.key("username")}
              {...form.getInputProps("username")}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            description="A new address takes effect once you follow the link we mail to it."
            key={form.key("email")}
            {...form.getInputProps("email")}
          />
          {emailChanged && (
            <PasswordInput
              label="Current password"
              description="Needed to change your email address."
              autoComplete="current-password"
              key={form.key("currentPassword")}
              {...form.getInputProps("currentPassword")}
            />
          )}
          {user.pendingEmail && (
            <Alert color="blue" variant="light" icon={<IconMailForward size={18} />} data-testid="pending-email">
              Check your inbox to confirm the new address <b>{user.pendingEmail}</b>. Until then you keep using{" "}
              {user.email}.
            </Alert>
          )}
          <Textarea label="Bio" autosize minRows={3} maxRows={8} key={form.key("bio")} {...form.getInputProps("bio")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Country"
              size="md"
              searchable
              clearable
              data={countries}
              nothingFoundMessage="No country found"
              key={form.key("country")}
              {...form.getInputProps("country")}
            />
            <Select
              label="Gender"
              size="md"
              clearable
              data={genders.map((g) => ({
                value: g,
                label: g.replace("-", " ").replace(/^./, (c) => c.toUpperCase()),
              }))}
              key={form.key("gender")}
              {...form.getInputProps("gender")}
            />
          </SimpleGrid>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Select
                label="Dial code"
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
                label="Phone"
                type="tel"
                autoComplete="tel-national"
                key={form.key("phone")}
                {...form.getInputProps("phone")}
              />
            </Grid.Col>
          </Grid>
          <Group justify="flex-end">
            <Button type="submit" loading={updating}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const dispatch = useAppDispatch();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { currentPassword: "", password: "", confirmPassword: "" },
    validate: schemaResolver(passwordSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    const result = await dispatch(
      updatePassword({ currentPassword: values.currentPassword, password: values.password }),
    );
    setSaving(false);
    if (updatePassword.fulfilled.match(result)) {
      form.reset();
      notifications.show({ color: "teal", message: result.payload?.message || "Your password has been changed." });
      onChanged();
    } else {
      const { currentPassword, password } = fieldErrorsFrom(result.payload);
      if (currentPassword || password) form.setErrors({ currentPassword, password });
      else notifications.show({ color: "red", message: result.payload?.message ?? "Could not change your password." });
    }
  });

  return (
    <Card>
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="xs">
            <IconLock size={20} />
            <Title order={2} fz="lg">
              Password
            </Title>
          </Group>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            key={form.key("currentPassword")}
            {...form.getInputProps("currentPassword")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NewPasswordFields form={form} label="New password" />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={saving}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const user = useAppSelector((s) => s.user.current);
  const revalidator = useRevalidator();
  return (
    <Container size="lg">
      <Stack gap="xl">
        <div>
          <Title order={1}>My account</Title>
          <Text c="dimmed">Keep your profile up to date and your account secure.</Text>
        </div>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <AvatarCard user={user} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xl">
              <ProfileForm key={user._id} user={user} />
              <PasswordForm onChanged={() => void revalidator.revalidate()} />
              <AccountSessions sessions={loaderData.sessions} error={loaderData.sessionsError} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
