import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { SessionItem } from "@marquee/contracts/auth";
import { IconDevices } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../lib/api.ts";
import { formatDateTime } from "../lib/format.ts";
import { useIntent } from "../lib/use-intent.ts";

/**
 * The member's signed-in sessions, with a way to log out any other one, or all of them at once (the account route's
 * `logoutSession` and `logoutOthers` intents).
 */
export function AccountSessions({ sessions, error }: { sessions: SessionItem[]; error: string | null }) {
  const intent = useIntent();
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current);

  const run = async (key: string, call: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await call();
      notifications.show({ color: "teal", message: done });
    } catch (err) {
      notifications.show({ color: "red", message: errorMessage(err, "Could not log that session out.") });
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
              Sessions
            </Title>
          </Group>
          <Button
            variant="light"
            color="red"
            disabled={others.length === 0}
            loading={busy === "others"}
            onClick={() =>
              void run("others", () => intent.run("logoutOthers"), "Your other sessions have been logged out.")
            }
          >
            Log out all others
          </Button>
        </Group>
        <Text c="dimmed" size="sm">
          Where your account is signed in. Log out any session you do not recognise, then change your password.
        </Text>
        {error && (
          <Text c="red" size="sm">
            {error}
          </Text>
        )}
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Sessions">
          {sessions.map((s) => (
            <Card key={s._id} withBorder padding="sm" component="li" data-testid="session" data-current={s.current}>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600}>{s.device}</Text>
                    {/* The theme's own colour: the light teal badge fell short of WCAG AA contrast. */}
                    {s.current && <Badge variant="light">This device</Badge>}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {s.ip ?? "Unknown address"} · signed in {formatDateTime(s.createdAt)} · last seen{" "}
                    {formatDateTime(s.lastSeenAt)}
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
                        "That session has been logged out.",
                      )
                    }
                  >
                    Log out this one
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
