import { Avatar, Badge, Button, Card, FileButton, Group, Progress, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { roleLabel } from "@marquee/contracts/roles";
import { DEFAULT_IMAGE_MAX_MB } from "@marquee/contracts/site";
import { IconCamera } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { useAppDispatch } from "../../state/store.ts";
import { type CurrentUser, setCurrentUser } from "../../state/user.ts";
import { uploadFile } from "../admin/use-manage.tsx";

const MAX_AVATAR_BYTES = DEFAULT_IMAGE_MAX_MB * 1024 * 1024;

/** The member's avatar, name and role (a site member's with the date it ends), and a button that uploads a new avatar with its progress. */
export function AvatarCard({ user, memberUntil = null }: { user: CurrentUser; memberUntil?: string | null }) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const f = useFormat();
  const { revalidate } = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      notifications.show({ color: "red", message: t("Choose an image file (JPEG, PNG or WebP).") });
      return;
    }
    if (file.size > MAX_AVATAR_BYTES) {
      notifications.show({
        color: "red",
        message: t("The image must be {{mb}} MB or smaller.", { mb: DEFAULT_IMAGE_MAX_MB }),
      });
      return;
    }
    setProgress(0);
    try {
      const updated = await uploadFile<CurrentUser>("/users/avatar/upload", file, setProgress);
      if (updated?._id) dispatch(setCurrentUser(updated as Parameters<typeof setCurrentUser>[0]));
      void revalidate();
      notifications.show({ color: "teal", message: t("Your avatar has been updated.") });
    } catch (error) {
      notifications.show({ color: "red", title: t("Upload failed"), message: errorMessage(error) });
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
          {user.role === "user" && memberUntil ? (
            <Badge variant="light" color="teal" data-testid="member-badge">
              {t("Member until {{date}}", { date: f.date(memberUntil) })}
            </Badge>
          ) : (
            user.role && (
              <Badge variant="light" data-testid="role-badge">
                {roleLabel(user.role)}
              </Badge>
            )
          )}
          {user.verifiedEmail === false && (
            <Badge variant="light" color="orange">
              {t("Email not verified")}
            </Badge>
          )}
        </Group>
        <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconCamera size={16} />} loading={progress !== null}>
              {t("Change avatar")}
            </Button>
          )}
        </FileButton>
        {progress !== null && (
          <Stack gap={4} w="100%">
            <Progress value={progress} animated aria-label={t("Upload progress")} />
            <Text size="xs" c="dimmed" data-testid="avatar-upload-progress">
              {t("Uploading… {{progress}}%", { progress })}
            </Text>
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          {t("JPEG, PNG or WebP, up to {{mb}} MB.", { mb: DEFAULT_IMAGE_MAX_MB })}
        </Text>
      </Stack>
    </Card>
  );
}
