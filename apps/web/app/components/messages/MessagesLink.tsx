import { ActionIcon } from "@mantine/core";
import type { Message } from "@marquee/contracts/messages";
import { IconMessageCircle } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { conversationPath, MESSAGES_PATH, unreadBadge } from "../../lib/messages.ts";
import { useSocket } from "../../realtime/SocketProvider.tsx";
import { unreadMessages, useUnreadMessages } from "./unread.ts";

/**
 * The header's way to the inbox (members only), with the unread count: read after hydration, and again when a
 * message from someone else arrives on the socket (but for the conversation on screen, which reads it at once) or
 * after a reconnect (for what came meanwhile).
 */
export function MessagesLink() {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  const { socket } = useSocket();
  const connectedBefore = useRef(false);
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  shown.current = pathname;

  useEffect(() => {
    void unreadMessages.refresh().catch(() => undefined);
    return () => unreadMessages.reset();
  }, []);

  useEffect(() => {
    if (!socket) return;
    connectedBefore.current = socket.connected;
    const onMessage = (m: Message) => {
      // The conversation on screen reads it at once, and then asks for the count itself.
      if (m.fromMe || shown.current === conversationPath(m.conversationId)) return;
      void unreadMessages.refresh().catch(() => undefined);
    };
    const onConnect = () => {
      if (connectedBefore.current) void unreadMessages.refresh().catch(() => undefined);
      connectedBefore.current = true;
    };
    socket.on("message:created", onMessage);
    socket.on("connect", onConnect);
    return () => {
      socket.off("message:created", onMessage);
      socket.off("connect", onConnect);
    };
  }, [socket]);

  const badge = unreadBadge(unread);
  return (
    <ActionIcon
      component={Link}
      to={MESSAGES_PATH}
      variant="default"
      size="lg"
      radius="md"
      className="marquee-count-button"
      aria-label={unread ? t("Messages, {{n}} unread", { n: unread }) : t("Messages")}
      data-testid="messages-link"
      data-unread={unread ?? ""}
    >
      <IconMessageCircle size={18} aria-hidden />
      {badge && (
        <span className="marquee-count" aria-hidden data-testid="messages-count">
          {badge}
        </span>
      )}
    </ActionIcon>
  );
}
