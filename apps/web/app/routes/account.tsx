import {
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  FileButton,
  Grid,
  Group,
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
import { DEFAULT_IMAGE_MAX_MB } from "@marquee/contracts/site";
import { genders } from "@marquee/contracts/users";
import { IconCamera, IconLock, IconUser } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { NewPasswordFields } from "../components/NewPasswordFields.tsx";
import { api, errorMessage } from "../lib/api.ts";
import { fieldErrorsFrom, setFieldErrors } from "../lib/form-errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { withPasswordConfirmation } from "../lib/passwords.ts";
import { pages } from "../pages.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { type CurrentUser, type ProfileChanges, setCurrentUser, updatePassword, updateProfile } from "../state/user.ts";
import type { Route } from "./+types/account";

export const handle = pages.account.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "My account", "Manage your profile, avatar and password.");

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

const passwordSchema = withPasswordConfirmation({
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
  const form = useForm({
    mode: "uncontrolled",
    initialValues: profileValues(user),
    validate: schemaResolver(profileSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    const changes: ProfileChanges = {
      name: values.name.trim(),
      username: values.username.trim().toLowerCase(),
      email: values.email.trim(),
      bio: values.bio.trim() || null,
      country: values.country || null,
      gender: (values.gender || null) as ProfileChanges["gender"],
      phoneCode: values.phoneCode || null,
      phone: values.phone.trim() || null,
    };
    const result = await dispatch(updateProfile(changes));
    if (updateProfile.fulfilled.match(result)) {
      form.resetDirty();
      notifications.show({ color: "teal", message: "Your profile has been saved." });
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
            key={form.key("email")}
            {...form.getInputProps("email")}
          />
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

function PasswordForm() {
  const dispatch = useAppDispatch();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { password: "", confirmPassword: "" },
    validate: schemaResolver(passwordSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    const result = await dispatch(updatePassword(values.password));
    setSaving(false);
    if (updatePassword.fulfilled.match(result)) {
      form.reset();
      notifications.show({ color: "teal", message: result.payload?.message || "Your password has been changed." });
    } else {
      const fields = fieldErrorsFrom(result.payload);
      if (fields.password) form.setErrors({ password: fields.password });
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

export default function AccountPage() {
  const user = useAppSelector((s) => s.user.current);
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
              <PasswordForm />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
