import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { SessionItem } from "@marquee/contracts/auth";
import { IconDevices } from "@tabler/icons-react";
import { useState } from "react";
import { useFormat } from "../i18n/format.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { errorMessage } from "../lib/api.ts";
import { useIntent } from "../lib/use-intent.ts";

/**
 * The member's signed-in sessions, with a way to log out any other one, or all of them at once (the account route's
 * `logoutSession` and `logoutOthers` intents).
 */
export function AccountSessions({ sessions, error }: { sessions: SessionItem[]; error: string | null }) {
  const intent = useIntent();
  const { t } = useTranslation();
  const f = useFormat();
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current);

  const run = async (key: string, call: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await call();
      notifications.show({ color: "teal", message: done });
    } catch (err) {
      notifications.show({ color: "red", message: errorMessage(err, t("Could not log that session out.")) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <IconDevices size={20} />
            <Title order={2} fz="lg">
              {t("Sessions")}
            </Title>
          </Group>
          <Button
            variant="light"
            color="red"
            disabled={others.length === 0}
            loading={busy === "others"}
            onClick={() =>
              void run("others", () => intent.run("logoutOthers"), t("Your other sessions have been logged out."))
            }
          >
            {t("Log out all others")}
          </Button>
        </Group>
        <Text c="dimmed" size="sm">
          {t("Where your account is signed in. Log out any session you do not recognise, then change your password.")}
        </Text>
        {error && (
          <Text c="red" size="sm">
            {t(error)}
          </Text>
        )}
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("Sessions")}>
          {sessions.map((s) => (
            <Card key={s._id} withBorder padding="sm" component="li" data-testid="session" data-current={s.current}>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600}>{s.device}</Text>
                    {/* The theme's own colour: the light teal badge fell short of WCAG AA contrast. */}
                    {s.current && <Badge variant="light">{t("This device")}</Badge>}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t("{{address}} · signed in {{signedIn}} · last seen {{lastSeen}}", {
                      address: s.ip ?? t("Unknown address"),
                      signedIn: f.dateTime(s.createdAt),
                      lastSeen: f.dateTime(s.lastSeenAt),
                    })}
                  </Text>
                </Stack>
                {!s.current && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    loading={busy === s._id}
                    onClick={() =>
                      void run(
                        s._id,
                        () => intent.run("logoutSession", { id: s._id }),
                        t("That session has been logged out."),
                      )
                    }
                  >
                    {t("Log out this one")}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
