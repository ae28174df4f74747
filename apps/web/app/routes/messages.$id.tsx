import { Alert, Anchor, Avatar, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { Conversation, Message, MessagePage } from "@marquee/contracts/messages";
import { IconArrowLeft } from "@tabler/icons-react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { useConfirm } from "../components/ConfirmDialog.tsx";
import { type Attached, AttachedSummary, AttachMedia, NOTHING_ATTACHED } from "../components/messages/AttachMedia.tsx";
import { Composer } from "../components/messages/Composer.tsx";
import { MessageBubble } from "../components/messages/MessageBubble.tsx";
import styles from "../components/messages/messages.module.css";
import { unreadMessages } from "../components/messages/unread.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loadedGet } from "../lib/actions.server.ts";
import { api, errorMessage, translateError } from "../lib/api.ts";
import { HISTORY_PAGE_SIZE, latest, MESSAGES_PATH, seenId, withMessages } from "../lib/messages.ts";
import { pageMeta } from "../lib/meta.ts";
import { notAfterReport } from "../lib/report-path.ts";
import { metaT } from "../lib/seo.ts";
import { profilePath } from "../lib/social.ts";
import { pages } from "../pages.ts";
import { useSocket } from "../realtime/SocketProvider.tsx";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/messages.$id";

export const handle = pages.conversation.handle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { t } = metaT(matches);
  const other = loaderData?.result?.conversation.with;
  const title = other ? t("Messages with {{name}}", { name: other.name || other.username }) : t("Messages");
  return pageMeta(matches, title, t("A conversation in your messages."));
};

/** The conversation's newest page (GET /conversations/:id/messages); older ones load from the browser. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadedGet<MessagePage>(
    request,
    context,
    `/conversations/${encodeURIComponent(params.id)}/messages`,
    { limit: HISTORY_PAGE_SIZE },
    msg("Could not load this conversation."),
  );
}

// A report filed on a message keeps the page (and its live state) as it is.
export const shouldRevalidate = notAfterReport;

const path = (id: string, tail = "") => `/conversations/${encodeURIComponent(id)}${tail}`;

/** The other side, with Block / Unblock; what a block means is said above the composer. */
function ConversationHeader({
  conversation: c,
  onChange,
}: {
  conversation: Conversation;
  onChange: (c: Conversation) => void;
}) {
  const { t } = useTranslation();
  const [confirm, dialog] = useConfirm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = c.with.name || c.with.username;
  const toggleBlock = async () => {
    if (
      !c.blockedByMe &&
      !(await confirm({
        title: t("Block {{name}}?", { name }),
        message: t("Neither of you can write in this conversation until you unblock them."),
        confirmLabel: t("Block"),
        color: "red",
      }))
    ) {
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = c.blockedByMe
        ? await api.del<Conversation>(path(c._id, "/block"), undefined, { forbiddenAsSaid: true })
        : await api.put<Conversation>(path(c._id, "/block"), undefined, { forbiddenAsSaid: true });
      onChange(answer);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={MESSAGES_PATH} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t("All messages")}
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar src={c.with.avatar} alt="" name={name} color="initials" radius="xl" />
          <div style={{ minWidth: 0 }}>
            <Title order={1} fz="h3" lineClamp={1}>
              {name}
            </Title>
            {c.with.role === "performer" && (
              <Anchor component={Link} to={profilePath(c.with.username)} size="sm">
                @{c.with.username}
              </Anchor>
            )}
          </div>
        </Group>
        <Button
          variant={c.blockedByMe ? "light" : "subtle"}
          color={c.blockedByMe ? "gray" : "red"}
          size="compact-sm"
          loading={busy}
          onClick={() => void toggleBlock()}
          data-testid="block-button"
        >
          {c.blockedByMe ? t("Unblock") : t("Block")}
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {translateError(error, t)}
        </Text>
      )}
      {dialog}
    </Stack>
  );
}

/**
 * One conversation: history newest at the bottom with "Older messages" above, the composer below. Live over the
 * socket: messages of both sides arrive (`message:created`), the other side's reading moves "Seen"
 * (`message:read`); the conversation is marked read when opened and when a message arrives while it is open.
 */
function ConversationView({ initial }: { initial: MessagePage }) {
  const { t } = useTranslation();
  const id = initial.conversation._id;
  const [conversation, setConversation] = useState(initial.conversation);
  const [messages, setMessages] = useState(() => withMessages([], initial.data));
  const [next, setNext] = useState(initial.next);
  const [older, setOlder] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  const { socket } = useSocket();
  const role = useAppSelector((s) => s.user.current.role);
  const [attached, setAttached] = useState<Attached>(NOTHING_ATTACHED);
  const thread = useRef<HTMLOListElement>(null);
  const stick = useRef(true);

  const markRead = useCallback(() => {
    void api.post<Conversation>(path(id, "/read")).then(
      (c) => {
        setConversation((now) => ({ ...c, readByThemAt: latest(now.readByThemAt, c.readByThemAt) }));
        void unreadMessages.refresh().catch(() => undefined);
      },
      () => undefined,
    );
  }, [id]);

  /** The newest page again (after a reconnect: what came meanwhile). */
  const catchUp = useCallback(() => {
    void api.get<MessagePage>(path(id, "/messages"), { limit: HISTORY_PAGE_SIZE }).then(
      (page) => {
        setMessages((shown) => withMessages(shown, page.data));
        setConversation(page.conversation);
        if (page.conversation.unread > 0) markRead();
      },
      () => undefined,
    );
  }, [id, markRead]);

  useEffect(() => {
    markRead();
  }, [markRead]);

  useEffect(() => {
    if (!socket) return;
    const onMessage = (m: Message) => {
      if (m.conversationId !== id) return;
      stick.current = true;
      setMessages((shown) => withMessages(shown, [m]));
      if (!m.fromMe) markRead();
    };
    const onRead = (r: { conversationId: string; readAt: string }) => {
      if (r.conversationId !== id) return;
      setConversation((c) => ({ ...c, readByThemAt: latest(c.readByThemAt, r.readAt) }));
    };
    socket.on("message:created", onMessage);
    socket.on("message:read", onRead);
    socket.on("connect", catchUp);
    return () => {
      socket.off("message:created", onMessage);
      socket.off("message:read", onRead);
      socket.off("connect", catchUp);
    };
  }, [socket, id, markRead, catchUp]);

  // The newest message in sight: at first, and as messages arrive (not when older ones are added above).
  const lastId = messages.at(-1)?._id;
  useLayoutEffect(() => {
    const list = thread.current;
    if (list && stick.current && lastId) list.scrollTop = list.scrollHeight;
  }, [lastId]);

  const loadOlder = () => {
    if (!next || older.loading) return;
    setOlder({ loading: true, error: null });
    stick.current = false;
    api.get<MessagePage>(path(id, "/messages"), { limit: HISTORY_PAGE_SIZE, cursor: next }).then(
      (page) => {
        setMessages((shown) => withMessages(shown, page.data));
        setNext(page.next);
        setOlder({ loading: false, error: null });
      },
      (e: unknown) => setOlder({ loading: false, error: errorMessage(e) }),
    );
  };

  const send = async (text: string) => {
    const media = attached.ids.length ? { attachmentIds: attached.ids, price: attached.price } : {};
    const sent = await api.post<Message>(path(id, "/messages"), { text, ...media }, { forbiddenAsSaid: true });
    stick.current = true;
    setMessages((shown) => withMessages(shown, [sent]));
    setAttached(NOTHING_ATTACHED);
  };
  // The performer's side may attach vault media, at a price (the member's side writes text only).
  const performerSide = role === "performer" && conversation.with.role !== "performer";

  const seen = seenId(messages, conversation.readByThemAt);
  const name = conversation.with.name || conversation.with.username;
  return (
    <Stack gap="md">
      <ConversationHeader conversation={conversation} onChange={setConversation} />
      <div className={styles.threadBox}>
        {next && (
          <Group justify="center" p="xs">
            <Button variant="default" size="xs" radius="xl" loading={older.loading} onClick={loadOlder}>
              {t("Older messages")}
            </Button>
            {older.error && (
              <Text size="sm" c="red" role="alert">
                {translateError(older.error, t)}
              </Text>
            )}
          </Group>
        )}
        {messages.length === 0 ? (
          <Text c="dimmed" ta="center" p="lg" data-testid="conversation-empty">
            {t("No messages yet. Say hello to {{name}}.", { name })}
          </Text>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list is reached by keyboard to scroll it
          <ol className={styles.thread} ref={thread} aria-label={t("Messages")} tabIndex={0} data-testid="thread">
            {messages.map((m) => (
              <MessageBubble key={m._id} message={m} seen={m._id === seen} reportable={!m.fromMe} />
            ))}
          </ol>
        )}
      </div>
      {(conversation.blockedByMe || conversation.blockedByThem) && (
        <Alert color="gray" data-testid="conversation-blocked">
          {conversation.blockedByMe
            ? t("You blocked {{name}}. Neither of you can write here until you unblock them.", { name })
            : t("You cannot write in this conversation.")}
        </Alert>
      )}
      {performerSide && <AttachedSummary attached={attached} onClear={() => setAttached(NOTHING_ATTACHED)} />}
      <Composer
        send={send}
        canSendEmpty={attached.ids.length > 0}
        extra={performerSide ? <AttachMedia attached={attached} onChange={setAttached} /> : undefined}
      />
    </Stack>
  );
}

export default function ConversationRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { result, error } = loaderData;
  return (
    <Container size="sm">
      {error && (
        <Stack gap="md">
          <Title order={1}>{t("Messages")}</Title>
          <Alert color="red" title={translateError(error, t)}>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => void revalidator.revalidate()}>
                {t("Try again")}
              </Button>
              <Button component={Link} to={MESSAGES_PATH} variant="subtle" size="xs">
                {t("All messages")}
              </Button>
            </Group>
          </Alert>
        </Stack>
      )}
      {result && <ConversationView key={result.conversation._id} initial={result} />}
    </Container>
  );
}
