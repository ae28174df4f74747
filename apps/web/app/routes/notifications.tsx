import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { notifications as toasts } from "@mantine/notifications";
import type { LiveNotification, Notification, NotificationList } from "@marquee/contracts/notifications";
import { IconBell } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { bell } from "../components/notifications/store.ts";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loadedGet } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { oneOf, pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { fromLive, safeLink, timeAgo } from "../lib/notifications.ts";
import { metaT } from "../lib/seo.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import { useSocket } from "../realtime/SocketProvider.tsx";
import type { Route } from "./+types/notifications";

export const handle = pages.notifications.handle;

const DESCRIPTION = msg("Payments, sales, deliveries, payouts and more: everything the site told you.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Notifications"), t(DESCRIPTION));
};

const PAGE_SIZE = 20;
const SHOW = ["all", "unread"] as const;

/** A page of the member's notifications, newest first (`show=unread`, `page`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const show = oneOf(params, "show", SHOW, "all");
  const page = pageOf(params);
  const list = await loadedGet<NotificationList>(
    request,
    context,
    "/notifications",
    { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, unread: show === "unread" ? "true" : undefined },
    msg("Could not load your notifications."),
  );
  return { list, show, page };
}

function NotificationCard({ n, onRead }: { n: Notification; onRead: (n: Notification) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  const f = useFormat();
  const link = safeLink(n.link);
  return (
    <Card
      component="article"
      data-testid="notification-card"
      data-unread={n.read ? undefined : "true"}
      withBorder
      padding="sm"
      style={n.read ? undefined : { borderLeft: "3px solid var(--mantine-color-grape-6)" }}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 220px" }}>
          <Text fw={n.read ? 400 : 600} style={{ overflowWrap: "anywhere" }}>
            {!n.read && <VisuallyHidden>{t("Unread:")} </VisuallyHidden>}
            {n.text}
          </Text>
          {/* "just now" on the server may be "1 min ago" by the time the browser hydrates: the server's text stays. */}
          <Text size="xs" c="dimmed" title={f.dateTime(n.createdAt)} suppressHydrationWarning>
            {timeAgo(n.createdAt, undefined, t, f.locale)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {link && (
            <Button
              component={Link}
              to={link}
              size="compact-sm"
              variant="light"
              onClick={() => {
                if (!n.read) void onRead(n);
              }}
            >
              {t("Open")}
            </Button>
          )}
          {!n.read && (
            <Button
              size="compact-sm"
              variant="default"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                await onRead(n);
                setBusy(false);
              }}
            >
              {t("Mark read")}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { socket } = useSocket();
  const { setFilter, setPage } = useListParams();
  const { list, show, page } = loaderData;
  const { t } = useTranslation();
  const items = list.result?.data ?? [];
  const unread = list.result?.unread ?? 0;
  const [busy, setBusy] = useState(false);

  // What arrives while the page is open shows at once.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (!socket) return;
    const onNotification = (payload: LiveNotification) => {
      if (fromLive(payload)) void revalidate.current();
    };
    socket.on("notification", onNotification);
    return () => {
      socket.off("notification", onNotification);
    };
  }, [socket]);

  const failed = (error: unknown) =>
    toasts.show({ color: "red", title: t("Notifications"), message: errorMessage(error) });
  const read = async (n: Notification) => {
    try {
      await bell.markRead(n);
      await revalidator.revalidate();
    } catch (error) {
      failed(error);
    }
  };
  const readAll = async () => {
    setBusy(true);
    try {
      await bell.markAllRead();
      await revalidator.revalidate();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("Notifications")}</Title>
          <Text c="dimmed">{t(DESCRIPTION)}</Text>
          <Anchor component={Link} to="/account" size="sm">
            {t("Back to my account")}
          </Anchor>
        </div>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <SegmentedControl
            aria-label={t("Show")}
            data={[
              { value: "all", label: t("All") },
              { value: "unread", label: unread ? t("Unread ({{n}})", { n: unread }) : t("Unread") },
            ]}
            value={show}
            onChange={(v) => setFilter("show", v)}
          />
          <Button variant="default" onClick={() => void readAll()} disabled={!unread} loading={busy}>
            {t("Mark all read")}
          </Button>
        </Group>
        <ListPanel
          label={t("Notifications")}
          error={list.error && t(list.error)}
          onRetry={() => void revalidator.revalidate()}
          ready
          count={items.length}
          empty={{
            icon: IconBell,
            message:
              show === "unread"
                ? t("Nothing unread.")
                : t("Nothing yet. Payments, sales, deliveries and more show here."),
          }}
        >
          <Stack gap="sm" p="md">
            {items.map((n) => (
              <NotificationCard key={n._id} n={n} onRead={read} />
            ))}
          </Stack>
        </ListPanel>
        <Pager total={list.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
      </Stack>
    </Container>
  );
}
