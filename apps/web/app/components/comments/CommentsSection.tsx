import { Anchor, Avatar, Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Comment, CommentDeletedEvent, CommentObjectType } from "@marquee/contracts/comments";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import type { TFunction } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { translateError } from "../../lib/api.ts";
import {
  canDeleteComment,
  canEditComment,
  canReportComment,
  commentAnchor,
  commentsTitle,
} from "../../lib/comments.ts";
import { useSocket } from "../../realtime/SocketProvider.tsx";
import {
  activeObjectSet,
  COMMENT_FAILED,
  COMMENT_REMOVED,
  COMMENTED,
  type CommentThread,
  commentAdded,
  commentChanged,
  commentRemoved,
  commentRestored,
  createComment,
  deleteComment,
  emptyThread,
  loadComments,
  loadMoreComments,
  type ThreadRequest,
  updateComment,
} from "../../state/comments.ts";
import { useAppDispatch, useAppSelector } from "../../state/store.ts";
import { useConfirm } from "../ConfirmDialog.tsx";
import { LoadMore } from "../catalogue/LoadMore.tsx";
import { TipButton } from "../tips/TipButton.tsx";
import styles from "./comments.module.css";
import { ReportComment } from "./ReportComment.tsx";
import { useLinkedComment } from "./use-linked-comment.ts";

const EMPTY = emptyThread();
/** COMMENT_MAX of @marquee/contracts/comments (not imported, to keep zod out of the browser). */
const COMMENT_MAX = 2000;

const failed = (t: TFunction) => notifications.show({ color: "red", message: t(COMMENT_FAILED) });

interface SectionProps {
  objectType: CommentObjectType;
  objectId: string;
  ownerIds: readonly string[];
}

/** The list and the form (loaded lazily by Comments.tsx). Follows the room's comment events (joined by the page). */
export default function CommentsSection({ objectType, objectId, ownerIds }: SectionProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const thread = useAppSelector((s) => s.comments.commentMapping[objectId]) ?? EMPTY;
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const { socket } = useSocket();
  const request: ThreadRequest = { objectType, objectId };

  useEffect(() => {
    dispatch(activeObjectSet(objectId));
    void dispatch(loadComments({ objectType, objectId }));
    return () => {
      dispatch(activeObjectSet(null));
    };
  }, [dispatch, objectType, objectId]);

  useEffect(() => {
    if (!socket) return;
    const mine = (e: { objectId: string }) => e.objectId === objectId;
    const onCreated = (c: Comment) => mine(c) && dispatch(commentAdded(c));
    const onUpdated = (c: Comment) => mine(c) && dispatch(commentChanged(c));
    const onDeleted = (e: CommentDeletedEvent) => mine(e) && dispatch(commentRemoved(e));
    const onRestored = (c: Comment) => mine(c) && dispatch(commentRestored(c));
    socket.on("comment:created", onCreated);
    socket.on("comment:updated", onUpdated);
    socket.on("comment:deleted", onDeleted);
    socket.on("comment:restored", onRestored);
    return () => {
      socket.off("comment:created", onCreated);
      socket.off("comment:updated", onUpdated);
      socket.off("comment:deleted", onDeleted);
      socket.off("comment:restored", onRestored);
    };
  }, [socket, dispatch, objectId]);

  const [confirm, dialog] = useConfirm();
  // A link to one comment (a notification's `#comment-<id>`): its thread opens, and it is scrolled to and marked.
  const { openThread, highlighted } = useLinkedComment(objectType, objectId);
  const context: ItemContext = { objectType, ownerIds, confirm, openThread, highlighted };

  return (
    <Stack gap="lg">
      <Text c="dimmed" data-testid="comments-total" aria-live="polite">
        {thread.loaded || thread.total > 0 ? commentsTitle(thread.total, t) : t("Loading comments…")}
      </Text>
      {loggedIn ? (
        <CommentForm
          label={t("Add a comment")}
          submitLabel={t("Comment")}
          onSubmit={async (content) => {
            const result = await dispatch(createComment({ ...request, content }));
            if (createComment.fulfilled.match(result)) {
              notifications.show({ color: "teal", message: t(COMMENTED) });
              return true;
            }
            failed(t);
            return false;
          }}
        />
      ) : (
        <Text>
          <Anchor component={Link} to="/auth/login" data-testid="comments-login">
            {t("Log in to comment")}
          </Anchor>
        </Text>
      )}
      {thread.error && !thread.loaded ? (
        <Group gap="sm">
          <Text c="dimmed">{translateError(thread.error, t)}</Text>
          <Button variant="default" size="xs" onClick={() => void dispatch(loadComments(request))}>
            {t("Try again")}
          </Button>
        </Group>
      ) : null}
      <ul className={styles.list} aria-label={t("Comments")} data-testid="comment-list">
        {thread.items.map((c) => (
          <CommentItem key={c._id} comment={c} context={context} />
        ))}
      </ul>
      {thread.loaded && (
        <LoadMore
          onClick={() => void dispatch(loadMoreComments(request))}
          loading={thread.requesting}
          hasMore={!!thread.next}
          error={thread.loaded && thread.error ? translateError(thread.error, t) : null}
          label={t("More comments")}
        />
      )}
      {dialog}
    </Stack>
  );
}

interface ItemContext {
  objectType: CommentObjectType;
  ownerIds: readonly string[];
  confirm: ReturnType<typeof useConfirm>[0];
  /** The thread a link to one of its replies opens. */
  openThread: string | null;
  /** The comment a link pointed at, marked once scrolled to. */
  highlighted: string | null;
}

function CommentForm({
  label,
  submitLabel,
  initial = "",
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  /** Resolves true when the text was accepted (the box then empties). */
  onSubmit: (content: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [content, setContent] = useState(initial);
  const [sending, setSending] = useState(false);
  const text = content.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text || sending) return;
    setSending(true);
    const ok = await onSubmit(text);
    setSending(false);
    if (ok) setContent("");
  }

  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack gap="xs">
        <Textarea
          aria-label={label}
          placeholder={t("{{label}}…", { label })}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={COMMENT_MAX}
          autoFocus={autoFocus}
        />
        <Group gap="xs" justify="flex-end">
          {onCancel && (
            <Button variant="subtle" color="gray" onClick={onCancel}>
              {t("Cancel")}
            </Button>
          )}
          <Button type="submit" loading={sending} disabled={!text}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CommentItem({ comment, context }: { comment: Comment; context: ItemContext }) {
  const { t } = useTranslation();
  const f = useFormat();
  const dispatch = useAppDispatch();
  const viewer = useAppSelector((s) => (s.auth.loggedIn ? s.user.current : null));
  const replies = useAppSelector((s) => s.comments.commentMapping[comment._id]) as CommentThread | undefined;
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const topLevel = comment.parentId === null;
  const replyRequest: ThreadRequest = {
    objectType: context.objectType,
    objectId: comment.objectId,
    parentId: comment._id,
  };
  const replyCount = Math.max(comment.stats.replies, replies?.items.length ?? 0);
  const linkedHere = context.openThread === comment._id;
  useEffect(() => {
    if (linkedHere) setShowReplies(true);
  }, [linkedHere]);
  const highlighted = context.highlighted === comment._id;

  async function remove() {
    const ok = await context.confirm({
      title: t("Delete this comment?"),
      message: topLevel && comment.stats.replies > 0 ? t("Its replies go with it.") : t("This cannot be undone."),
      confirmLabel: t("Delete"),
    });
    if (!ok) return;
    const result = await dispatch(deleteComment(comment));
    if (deleteComment.fulfilled.match(result)) notifications.show({ color: "teal", message: t(COMMENT_REMOVED) });
    else failed(t);
  }

  function toggleReplies() {
    const next = !showReplies;
    setShowReplies(next);
    if (next && !replies?.loaded) void dispatch(loadComments(replyRequest));
  }

  const name = comment.author.name || comment.author.username;
  return (
    <li
      id={commentAnchor(comment._id)}
      className={highlighted ? `${styles.comment} ${styles.highlighted}` : styles.comment}
      data-testid="comment"
      data-comment-id={comment._id}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted ? "true" : undefined}
    >
      <Avatar src={comment.author.avatar} alt="" size={36} radius="xl" name={name} color="initials" />
      <div className={styles.body}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text
            size="xs"
            c="dimmed"
            component="time"
            dateTime={comment.createdAt}
            title={f.dateTime(comment.createdAt)}
          >
            {f.shortDate(comment.createdAt)}
          </Text>
          {comment.editedAt && (
            <Text size="xs" c="dimmed">
              {t("(edited)")}
            </Text>
          )}
        </Group>
        {editing ? (
          <CommentForm
            label={t("Edit your comment")}
            submitLabel={t("Save")}
            initial={comment.content}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (content) => {
              const result = await dispatch(updateComment({ _id: comment._id, content }));
              if (updateComment.fulfilled.match(result)) {
                setEditing(false);
                return true;
              }
              failed(t);
              return false;
            }}
          />
        ) : (
          // Plain text as typed: React escapes it; line breaks are kept by CSS.
          <Text size="sm" className={styles.content} data-testid="comment-content">
            {comment.content}
          </Text>
        )}
        {!editing && (
          <Group gap={4}>
            {topLevel && viewer && (
              <Button variant="subtle" size="compact-xs" onClick={() => setReplying((r) => !r)}>
                {t("Reply")}
              </Button>
            )}
            {canEditComment(viewer, comment) && (
              <Button variant="subtle" size="compact-xs" onClick={() => setEditing(true)}>
                {t("Edit")}
              </Button>
            )}
            {canDeleteComment(viewer, comment, context.ownerIds) && (
              <Button variant="subtle" color="red" size="compact-xs" onClick={() => void remove()}>
                {t("Delete")}
              </Button>
            )}
            {canReportComment(viewer, comment) && <ReportComment commentId={comment._id} author={name} />}
            {/* A performer's comment: its author may be tipped from here (issue 24). */}
            {comment.author.role === "performer" && (
              <TipButton
                performerId={comment.author._id}
                performerName={name}
                source="comment"
                size="compact-xs"
                variant="subtle"
              />
            )}
            {topLevel && replyCount > 0 && (
              <Button variant="subtle" color="gray" size="compact-xs" onClick={toggleReplies}>
                {showReplies
                  ? t("Hide replies")
                  : t("View {{replies}} replies", { count: replyCount, replies: replyCount })}
              </Button>
            )}
          </Group>
        )}
        {replying && (
          <CommentForm
            label={t("Reply to {{name}}", { name })}
            submitLabel={t("Reply")}
            autoFocus
            onCancel={() => setReplying(false)}
            onSubmit={async (content) => {
              const result = await dispatch(createComment({ ...replyRequest, content }));
              if (createComment.fulfilled.match(result)) {
                notifications.show({ color: "teal", message: t(COMMENTED) });
                setReplying(false);
                setShowReplies(true);
                return true;
              }
              failed(t);
              return false;
            }}
          />
        )}
        {topLevel && (showReplies || (replies && !replies.loaded && replies.items.length > 0)) && replies && (
          <>
            <ul className={styles.replies} aria-label={t("Replies to {{name}}", { name })}>
              {replies.items.map((r) => (
                <CommentItem key={r._id} comment={r} context={context} />
              ))}
            </ul>
            {replies.loaded && replies.next && (
              <Button
                variant="subtle"
                size="compact-xs"
                mt={8}
                loading={replies.requesting}
                onClick={() => void dispatch(loadMoreComments(replyRequest))}
              >
                {t("More replies")}
              </Button>
            )}
          </>
        )}
      </div>
    </li>
  );
}
