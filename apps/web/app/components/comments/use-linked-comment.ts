import type { Comment, CommentObjectType } from "@marquee/contracts/comments";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { api } from "../../lib/api.ts";
import { commentAnchor, commentIdFromHash, LINKED_COMMENT_MAX_PAGES } from "../../lib/comments.ts";
import { loadComments, loadMoreComments } from "../../state/comments.ts";
import { useAppDispatch, useAppSelector } from "../../state/store.ts";

interface Target {
  id: string;
  /** The top-level comment whose thread holds it (itself when it is one). */
  topId: string;
}

/**
 * A link to one comment (`#comment-<id>`, as a notification's): finds which thread it is in, loads pages of the
 * list (and of that thread's replies) until it is shown, then scrolls it into view. Answers the thread to open and
 * the comment to highlight.
 */
export function useLinkedComment(objectType: CommentObjectType, objectId: string) {
  const dispatch = useAppDispatch();
  const { hash } = useLocation();
  const wanted = commentIdFromHash(hash);
  const [target, setTarget] = useState<Target | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const pages = useRef(0);
  const top = useAppSelector((s) => s.comments.commentMapping[objectId]);
  const replies = useAppSelector((s) => (target ? s.comments.commentMapping[target.topId] : undefined));

  useEffect(() => {
    setTarget(null);
    setShown(null);
    pages.current = 0;
    if (!wanted) return;
    let live = true;
    api
      .get<Comment>(`/comments/${wanted}`, undefined, { noRedirect: true })
      .then((c) => {
        if (live && c.objectId === objectId) setTarget({ id: c._id, topId: c.parentId ?? c._id });
      })
      // A comment deleted or hidden since: the page stays as it is.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted, objectId]);

  const topShown = !!target && !!top?.items.some((c) => c._id === target.topId);
  const isReply = !!target && target.topId !== target.id;
  const found = topShown && (!isReply || !!replies?.items.some((c) => c._id === target?.id));

  // Not on the pages shown yet: the next page, until it is (or the list ends).
  useEffect(() => {
    if (!target || topShown || !top?.loaded || top.requesting || !top.next) return;
    if (pages.current >= LINKED_COMMENT_MAX_PAGES) return;
    pages.current += 1;
    void dispatch(loadMoreComments({ objectType, objectId }));
  }, [dispatch, target, topShown, top?.loaded, top?.requesting, top?.next, objectType, objectId]);

  // A reply: its thread's replies, page by page, until it is among them.
  useEffect(() => {
    if (!target || !isReply || !topShown || found || replies?.requesting) return;
    const request = { objectType, objectId, parentId: target.topId };
    if (!replies?.loaded) void dispatch(loadComments(request));
    else if (replies.next && pages.current < LINKED_COMMENT_MAX_PAGES) {
      pages.current += 1;
      void dispatch(loadMoreComments(request));
    }
  }, [
    dispatch,
    target,
    isReply,
    topShown,
    found,
    replies?.loaded,
    replies?.requesting,
    replies?.next,
    objectType,
    objectId,
  ]);

  // Shown: scrolled to, once per link.
  useEffect(() => {
    if (!found || !target || shown === target.id) return;
    const frame = requestAnimationFrame(() => {
      document.getElementById(commentAnchor(target.id))?.scrollIntoView({ block: "center" });
      setShown(target.id);
    });
    return () => cancelAnimationFrame(frame);
  }, [found, target, shown]);

  return { openThread: isReply ? (target?.topId ?? null) : null, highlighted: shown };
}
