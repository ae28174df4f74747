import { ActionIcon } from "@mantine/core";
import type { LiveNotification } from "@marquee/contracts/notifications";
import { IconBell } from "@tabler/icons-react";
import { type ComponentPropsWithRef, lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { bellBadge, bellLabel, fromLive } from "../../lib/notifications.ts";
import { useSocket } from "../../realtime/SocketProvider.tsx";
import { bell, useBell } from "./store.ts";

/** The header's bell: the unread count on it (none until the API answered, so server and browser render alike). */
export function BellButton({ className, ...props }: ComponentPropsWithRef<"button">) {
  const { unread } = useBell();
  const { t } = useTranslation();
  const badge = bellBadge(unread);
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label={bellLabel(unread, t)}
      data-testid="notification-bell"
      data-unread={unread ?? ""}
      {...props}
      // The popover's target passes its own classes: both are kept.
      className={className ? `marquee-count-button ${className}` : "marquee-count-button"}
    >
      <IconBell size={18} aria-hidden />
      {badge && (
        <span className="marquee-count" aria-hidden data-testid="notification-count">
          {badge}
        </span>
      )}
    </ActionIcon>
  );
}

const NotificationsPopover = lazy(() =>
  import("./NotificationsPopover.tsx").then((m) => ({ default: m.NotificationsPopover })),
);

/**
 * The bell (members only): its count is read after hydration and follows the socket's `notification` events (read
 * again after a reconnect, for what came meanwhile). Its list, with Popover and floating-ui, loads on its own after
 * hydration, as the account menu does; a click meanwhile opens it once it has arrived.
 */
export function NotificationBell() {
  const [hydrated, setHydrated] = useState(false);
  const [clicked, setClicked] = useState(false);
  const { socket } = useSocket();
  const connectedBefore = useRef(false);

  useEffect(() => {
    setHydrated(true);
    void bell.refresh().catch(() => undefined);
    return () => bell.reset();
  }, []);

  useEffect(() => {
    if (!socket) return;
    connectedBefore.current = socket.connected;
    const onNotification = (payload: LiveNotification) => {
      const n = fromLive(payload);
      if (n) bell.received(n);
    };
    const onConnect = () => {
      if (connectedBefore.current) void bell.refresh().catch(() => undefined);
      connectedBefore.current = true;
    };
    socket.on("notification", onNotification);
    socket.on("connect", onConnect);
    return () => {
      socket.off("notification", onNotification);
      socket.off("connect", onConnect);
    };
  }, [socket]);

  const button = <BellButton onClick={() => setClicked(true)} />;
  return hydrated ? (
    <Suspense fallback={button}>
      <NotificationsPopover defaultOpened={clicked} />
    </Suspense>
  ) : (
    button
  );
}
