import { Alert, Avatar, Badge, Button, Container, Group, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import type { Conversation, Inbox, Message } from "@marquee/contracts/messages";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { LoadMore } from "../components/catalogue/LoadMore.tsx";
import styles from "../components/messages/messages.module.css";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loadedGet } from "../lib/actions.server.ts";
import { api, errorMessage, translateError } from "../lib/api.ts";
import {
  conversationPath,
  INBOX_PAGE_SIZE,
  inboxJoined,
  inboxRead,
  inboxReceived,
  unreadBadge,
} from "../lib/messages.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import { useSocket } from "../realtime/SocketProvider.tsx";
import type { Route } from "./+types/messages";

export const handle = pages.messages.handle;

const DESCRIPTION = msg("Your conversations with performers and members.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Messages"), t(DESCRIPTION));
};

/** The inbox's first page (GET /conversations); the next ones load from the browser. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadedGet<Inbox>(
    request,
    context,
    "/conversations",
    { limit: INBOX_PAGE_SIZE },
    msg("Could not load your messages."),
  );
}

/** One conversation in the inbox: who, their newest words and when, and how many wait unread. */
function ConversationRow({ c }: { c: Conversation }) {
  const { t } = useTranslation();
  const f = useFormat();
  const badge = unreadBadge(c.unread);
  const name = c.with.name || c.with.username;
  return (
    <UnstyledButton
      component={Link}
      to={conversationPath(c._id)}
      className={styles.row}
      data-testid="conversation-row"
      data-unread={c.unread}
      aria-label={badge ? t("{{name}}, {{n}} unread", { name, n: c.unread }) : name}
    >
      <Avatar src={c.with.avatar} alt="" name={name} color="initials" radius="xl" size="md" />
      <div className={styles.rowText}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={c.unread ? 700 : 600} truncate>
            {name}
          </Text>
          {c.lastAt && (
            <Text size="xs" c="dimmed" component="time" dateTime={c.lastAt} title={f.dateTime(c.lastAt)}>
              {f.shortDate(c.lastAt)}
            </Text>
          )}
        </Group>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" truncate data-testid="conversation-last">
            {c.lastFromMe ? `${t("You")}: ` : ""}
            {c.lastText ?? ""}
          </Text>
          {badge && (
            <Badge size="sm" circle={badge.length < 2} data-testid="conversation-unread" aria-hidden>
              {badge}
            </Badge>
          )}
        </Group>
      </div>
    </UnstyledButton>
  );
}

/**
 * The member's inbox, newest first, "Load more" by cursor. Live: a message moves its conversation to the top and,
 * from the other side, adds to its unread count; one from a conversation not listed reads the first page again.
 */
function InboxList({ initial }: { initial: Inbox }) {
  const { t } = useTranslation();
  const [list, setList] = useState(initial.data);
  const [next, setNext] = useState(initial.next);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { socket } = useSocket();
  const listRef = useRef(list);
  listRef.current = list;

  useEffect(() => {
    setList(initial.data);
    setNext(initial.next);
  }, [initial]);

  const reloadFirst = useCallback(() => {
    void api.get<Inbox>("/conversations", { limit: INBOX_PAGE_SIZE }).then(
      (page) => setList((shown) => inboxJoined(page.data, shown)),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    if (!socket) return;
    const onMessage = (m: Message) => {
      const moved = inboxReceived(listRef.current, m);
      if (moved) setList(moved);
      else reloadFirst();
    };
    const onRead = (r: { conversationId: string; readAt: string }) =>
      setList((shown) => inboxRead(shown, r.conversationId, r.readAt));
    socket.on("message:created", onMessage);
    socket.on("message:read", onRead);
    socket.on("connect", reloadFirst);
    return () => {
      socket.off("message:created", onMessage);
      socket.off("message:read", onRead);
      socket.off("connect", reloadFirst);
    };
  }, [socket, reloadFirst]);

  const loadMore = () => {
    if (!next || loading) return;
    setLoading(true);
    setError(null);
    api
      .get<Inbox>("/conversations", { limit: INBOX_PAGE_SIZE, cursor: next })
      .then(
        (page) => {
          setList((shown) => inboxJoined(shown, page.data));
          setNext(page.next);
        },
        (e: unknown) => setError(errorMessage(e)),
      )
      .finally(() => setLoading(false));
  };

  if (!list.length) {
    return (
      <Text c="dimmed" data-testid="inbox-empty">
        {t("No messages yet. Write to a performer from their profile.")}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <ul className={styles.inbox} data-testid="inbox">
        {list.map((c) => (
          <li key={c._id}>
            <ConversationRow c={c} />
          </li>
        ))}
      </ul>
      <LoadMore hasMore={!!next} loading={loading} onClick={loadMore} error={error} />
    </Stack>
  );
}

export default function MessagesRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { result, error } = loaderData;
  return (
    <Container size="sm">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("Messages")}</Title>
          <Text c="dimmed">{t(DESCRIPTION)}</Text>
        </div>
        {error && (
          <Alert color="red" title={translateError(error, t)}>
            <Button variant="default" size="xs" onClick={() => void revalidator.revalidate()}>
              {t("Try again")}
            </Button>
          </Alert>
        )}
        {result && <InboxList initial={result} />}
      </Stack>
    </Container>
  );
}
