import { Anchor, Button, Group, Popover, Stack, Text, UnstyledButton } from "@mantine/core";
import type { Notification } from "@marquee/contracts/notifications";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { safeLink, timeAgo } from "../../lib/notifications.ts";
import { BellButton } from "./NotificationBell.tsx";
import { bell, useBell } from "./store.ts";

/** One notification in a list: its text, how long ago, a dot while unread; a click marks it read and follows its link. */
export function NotificationItem({ n, onOpen }: { n: Notification; onOpen?: () => void }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const f = useFormat();
  const link = safeLink(n.link);
  const open = () => {
    if (!n.read) void bell.markRead(n).catch(() => undefined);
    onOpen?.();
    if (link) navigate(link);
  };
  return (
    <UnstyledButton
      onClick={open}
      className="marquee-notification"
      data-unread={n.read ? undefined : "true"}
      data-testid="notification-item"
      aria-label={n.read ? n.text : t("Unread: {{text}}", { text: n.text })}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <span className="marquee-notification-dot" aria-hidden />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={n.read ? 400 : 600} style={{ overflowWrap: "anywhere" }}>
            {n.text}
          </Text>
          <Text size="xs" c="dimmed">
            {timeAgo(n.createdAt, undefined, t, f.locale)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** The bell's list: the latest, read again when it opens; "Mark all read"; a link to /notifications. */
export function NotificationsPopover({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const [opened, setOpened] = useState(defaultOpened);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { unread, latest } = useBell();
  const { t } = useTranslation();

  const load = () => {
    setError(null);
    bell.refresh().catch((e: unknown) => setError(errorMessage(e, t("Could not load your notifications."))));
  };
  const toggle = (next: boolean) => {
    setOpened(next);
    if (next) load();
  };
  // Clicked before this had loaded: it opens now, with the latest read again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it arrives
  useEffect(() => {
    if (defaultOpened) load();
  }, []);
  const readAll = async () => {
    setBusy(true);
    try {
      await bell.markAllRead();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={toggle}
      onDismiss={() => setOpened(false)}
      position="bottom-end"
      width="min(360px, calc(100vw - 24px))"
      shadow="lg"
      radius="md"
      withinPortal
      trapFocus={false}
    >
      <Popover.Target>
        {/* Controlled: the target's click is ours to handle. */}
        <BellButton onClick={() => toggle(!opened)} />
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label={t("Notifications")} role="dialog" data-testid="notification-list">
        <Group justify="space-between" px="md" py="xs" wrap="nowrap">
          <Text fw={700}>{t("Notifications")}</Text>
          <Button size="compact-sm" variant="subtle" onClick={() => void readAll()} disabled={!unread} loading={busy}>
            {t("Mark all read")}
          </Button>
        </Group>
        <Stack gap={0} mah="min(420px, 60vh)" style={{ overflowY: "auto" }}>
          {error && (
            <Text size="sm" c="red" px="md" py="xs" role="alert">
              {error}
            </Text>
          )}
          {latest === null && !error && (
            <Text size="sm" c="dimmed" px="md" py="sm">
              {t("Loading…")}
            </Text>
          )}
          {latest?.length === 0 && (
            <Text size="sm" c="dimmed" px="md" py="sm">
              {t("Nothing yet. Payments, sales, deliveries and more show here.")}
            </Text>
          )}
          {latest?.map((n) => (
            <NotificationItem key={n._id} n={n} onOpen={() => setOpened(false)} />
          ))}
        </Stack>
        <Group justify="center" p="xs" className="marquee-notification-footer">
          <Anchor component={Link} to="/notifications" size="sm" onClick={() => setOpened(false)}>
            {t("See all notifications")}
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
