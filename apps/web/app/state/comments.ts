/**
 * SPEC section 3 `comments`: `activeObject._id` (the page whose comments are shown) and `commentMapping` keyed by
 * objectId, each { items, total, requesting, next }. SPEC section 4: a first load replaces the items, a load-more
 * appends them; a new comment goes to the front and total rises by one; a deleted comment is removed and total falls
 * by one.
 *
 * Replies (one level, README "Comments and reactions") live in the same mapping under their top-level comment's
 * _id (a comment is an object too: it takes likes), loaded on demand and read oldest first (a new reply goes to the
 * end); the top-level comment's `stats.replies` is their total. The same comment can arrive twice (the POST's answer and the room's `comment:created`), and so can a
 * delete (the DELETE's answer and `comment:deleted`): each thread remembers the ids it has counted in and out, so
 * total moves once per comment.
 */
import type { Comment, CommentDeletedEvent, CommentList, CommentObjectType } from "@marquee/contracts/comments";
import { createAction, createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { msg } from "../i18n/i18n.ts";
import { appendUnique } from "./asset-list.ts";
import { appReset } from "./reset.ts";
import { injectSlice } from "./store.ts";
import { createAppThunk, type RejectedError, toRejected } from "./thunk.ts";

export const COMMENTS_PAGE_SIZE = 10;
export const COMMENT_FAILED = msg("Error occured, please try again later.");
export const COMMENTED = msg("Commented successfully");
export const COMMENT_REMOVED = msg("Removed successfully!");

export interface CommentThread {
  items: Comment[];
  total: number;
  requesting: boolean;
  /** Cursor of the next page; null when everything is shown. */
  next: string | null;
  /** A first page has been loaded (replies can hold a live reply before their first load). */
  loaded: boolean;
  error: string | null;
  /** Ids counted out by a delete: a second delete, or a late create, of the same comment changes nothing. */
  removed: string[];
}

export interface CommentsState {
  activeObject: { _id: string | null };
  commentMapping: Record<string, CommentThread>;
}

export const initialCommentsState: CommentsState = { activeObject: { _id: null }, commentMapping: {} };

export const emptyThread = (): CommentThread => ({
  items: [],
  total: 0,
  requesting: false,
  next: null,
  loaded: false,
  error: null,
  removed: [],
});

/** Where a comment is kept: replies under their top-level comment, top-level comments under their object. */
export const threadKeyOf = (c: { objectId: string; parentId: string | null }) => c.parentId ?? c.objectId;

/** What to load: an object's top-level comments, or with `parentId` that comment's replies. */
export interface ThreadRequest {
  objectType: CommentObjectType;
  objectId: string;
  parentId?: string;
}
const keyOfRequest = (r: ThreadRequest) => r.parentId ?? r.objectId;

export interface ThreadLoaded {
  key: string;
  page: CommentList;
}

/** A first page already at hand (e.g. from a loader): replaces the thread. */
export const commentsLoaded = createAction<ThreadLoaded>("comments/loaded");
/** A comment that now exists: the POST's answer or the room's `comment:created`. */
export const commentAdded = createAction<Comment>("comments/added");
/** A comment edited: the PUT's answer or the room's `comment:updated`. */
export const commentChanged = createAction<Comment>("comments/changed");
/** A hidden comment shown again by a moderator (the room's `comment:restored`): back in, even if counted out. */
export const commentRestored = createAction<Comment>("comments/restored");
/** A comment gone: the DELETE's answer or the room's `comment:deleted`. */
export const commentRemoved =
  createAction<Pick<CommentDeletedEvent, "_id" | "objectId" | "parentId">>("comments/removed");

export const loadComments = createAppThunk(
  "comments/load",
  async (request: ThreadRequest, { extra, rejectWithValue }) => {
    try {
      const page = await extra.api.get<CommentList>("/comments/search", { ...request, limit: COMMENTS_PAGE_SIZE });
      return { key: keyOfRequest(request), page } satisfies ThreadLoaded;
    } catch (error) {
      return rejectWithValue(toRejected(error, msg("Could not load the comments, please try again.")));
    }
  },
);

const threadOf = (state: unknown, key: string) => (state as { comments: CommentsState }).comments.commentMapping[key];

export const loadMoreComments = createAppThunk(
  "comments/loadMore",
  async (request: ThreadRequest, { extra, getState, rejectWithValue }) => {
    const key = keyOfRequest(request);
    try {
      const page = await extra.api.get<CommentList>("/comments/search", {
        ...request,
        limit: COMMENTS_PAGE_SIZE,
        cursor: threadOf(getState(), key)?.next,
      });
      return { key, page } satisfies ThreadLoaded;
    } catch (error) {
      return rejectWithValue(toRejected(error, msg("Could not load more comments, please try again.")));
    }
  },
  {
    condition: (request, { getState }) => {
      const thread = threadOf(getState(), keyOfRequest(request));
      return !!thread?.next && !thread.requesting;
    },
  },
);

const failed = (error: unknown): RejectedError => toRejected(error, COMMENT_FAILED);

export const createComment = createAppThunk(
  "comments/create",
  async (body: ThreadRequest & { content: string }, { extra, dispatch, getState, rejectWithValue }) => {
    let comment: Comment;
    try {
      comment = await extra.api.post<Comment>("/comments", body);
    } catch (error) {
      return rejectWithValue(failed(error));
    }
    dispatch(commentAdded(comment));
    // A reply into a thread not read yet: its earlier replies are loaded so the new one shows among them.
    const { parentId } = body;
    if (parentId && !threadOf(getState(), parentId)?.loaded) {
      await dispatch(loadComments({ objectType: body.objectType, objectId: body.objectId, parentId }));
    }
    return comment;
  },
);

export const updateComment = createAppThunk(
  "comments/update",
  async ({ _id, content }: { _id: string; content: string }, { extra, dispatch, rejectWithValue }) => {
    try {
      // SPEC section 7: an upload (a form with the `content` field).
      const comment = await extra.api.upload<Comment>(`/comments/${encodeURIComponent(_id)}`, [], {
        fields: { content },
        method: "PUT",
      });
      dispatch(commentChanged(comment));
      return comment;
    } catch (error) {
      return rejectWithValue(failed(error));
    }
  },
);

export const deleteComment = createAppThunk(
  "comments/delete",
  async (comment: Pick<Comment, "_id" | "objectId" | "parentId">, { extra, dispatch, rejectWithValue }) => {
    try {
      await extra.api.del(`/comments/${encodeURIComponent(comment._id)}`);
      const removed = { _id: comment._id, objectId: comment.objectId, parentId: comment.parentId };
      dispatch(commentRemoved(removed));
      return removed;
    } catch (error) {
      return rejectWithValue(failed(error));
    }
  },
);

/** Replies read oldest first (as the API lists them), whatever order they arrived in. */
const byOldest = (a: Comment, b: Comment) =>
  a.createdAt === b.createdAt ? a._id.localeCompare(b._id) : a.createdAt < b.createdAt ? -1 : 1;

function replace(thread: CommentThread, page: CommentList) {
  // Comments counted out meanwhile stay out, even if this page was read before they went.
  const removed = new Set(thread.removed);
  const items = page.data.filter((c) => !removed.has(c._id));
  // Replies that arrived live before a thread's first load stay, in order, when the page does not hold them yet.
  const live = thread.loaded ? [] : thread.items.filter((c) => c.parentId && !items.some((i) => i._id === c._id));
  thread.items = live.length ? [...items, ...live].sort(byOldest) : items;
  thread.total = page.total;
  thread.next = page.next;
  thread.requesting = false;
  thread.loaded = true;
  thread.error = null;
}

/** The thread kept under `key`, made empty when there is none yet. */
function threadAt(state: CommentsState, key: string): CommentThread {
  const existing = state.commentMapping[key];
  if (existing) return existing;
  const made = emptyThread();
  state.commentMapping[key] = made;
  return state.commentMapping[key] ?? made;
}

/** The top-level comment a reply thread belongs to, wherever its object's thread is. */
function findComment(state: CommentsState, key: string, id: string): Comment | undefined {
  return state.commentMapping[key]?.items.find((c) => c._id === id);
}

/** A comment into the front of its thread (once: a comment counted out stays out); its total and parent follow. */
function add(state: CommentsState, comment: Comment) {
  const thread = threadAt(state, threadKeyOf(comment));
  if (thread.removed.includes(comment._id) || thread.items.some((c) => c._id === comment._id)) return;
  // A new top-level comment goes to the front (newest first); a reply to the end of its thread (oldest first).
  if (comment.parentId) thread.items.push(comment);
  else thread.items.unshift(comment);
  thread.total += 1;
  if (comment.parentId) {
    const parent = findComment(state, comment.objectId, comment.parentId);
    if (parent) parent.stats.replies += 1;
  }
}

const comments = createSlice({
  name: "comments",
  initialState: initialCommentsState,
  reducers: {
    /** The page now showing comments (its object's id), or null when it leaves. */
    activeObjectSet(state, action: PayloadAction<string | null>) {
      state.activeObject._id = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(appReset, () => initialCommentsState)
      .addCase(commentsLoaded, (state, action) => {
        const thread = threadAt(state, action.payload.key);
        replace(thread, action.payload.page);
      })
      .addCase(loadComments.pending, (state, action) => {
        const thread = threadAt(state, keyOfRequest(action.meta.arg));
        thread.requesting = true;
        thread.error = null;
      })
      .addCase(loadComments.fulfilled, (state, action) => {
        const thread = threadAt(state, action.payload.key);
        replace(thread, action.payload.page);
      })
      .addCase(loadComments.rejected, (state, action) => {
        const thread = state.commentMapping[keyOfRequest(action.meta.arg)];
        if (!thread) return;
        thread.requesting = false;
        thread.error = action.payload?.message ?? msg("Could not load the comments, please try again.");
      })
      .addCase(loadMoreComments.pending, (state, action) => {
        const thread = state.commentMapping[keyOfRequest(action.meta.arg)];
        if (!thread) return;
        thread.requesting = true;
        thread.error = null;
      })
      .addCase(loadMoreComments.fulfilled, (state, action) => {
        const thread = state.commentMapping[action.payload.key];
        if (!thread) return;
        const { page } = action.payload;
        const removed = new Set(thread.removed);
        thread.items = appendUnique(
          thread.items,
          page.data.filter((c) => !removed.has(c._id)),
        );
        // A reply posted here before this page came sits at the end; the page's earlier replies go before it.
        if (thread.items[0]?.parentId) thread.items.sort(byOldest);
        thread.total = page.total;
        thread.next = page.next;
        thread.requesting = false;
      })
      .addCase(loadMoreComments.rejected, (state, action) => {
        const thread = state.commentMapping[keyOfRequest(action.meta.arg)];
        if (!thread) return;
        thread.requesting = false;
        thread.error = action.payload?.message ?? msg("Could not load more comments, please try again.");
      })
      .addCase(commentAdded, (state, action) => add(state, action.payload))
      .addCase(commentRestored, (state, action) => {
        const comment = action.payload;
        const thread = threadAt(state, threadKeyOf(comment));
        thread.removed = thread.removed.filter((id) => id !== comment._id);
        add(state, comment);
      })
      .addCase(commentChanged, (state, action) => {
        const comment = action.payload;
        const thread = state.commentMapping[threadKeyOf(comment)];
        const shown = thread?.items.find((c) => c._id === comment._id);
        if (!shown) return;
        shown.content = comment.content;
        shown.editedAt = comment.editedAt;
      })
      .addCase(commentRemoved, (state, action) => {
        const gone = action.payload;
        const thread = threadAt(state, threadKeyOf(gone));
        if (thread.removed.includes(gone._id)) return;
        thread.removed.push(gone._id);
        thread.items = thread.items.filter((c) => c._id !== gone._id);
        thread.total = Math.max(0, thread.total - 1);
        if (gone.parentId) {
          const parent = findComment(state, gone.objectId, gone.parentId);
          if (parent) parent.stats.replies = Math.max(0, parent.stats.replies - 1);
        } else {
          // A top-level comment takes its replies with it.
          delete state.commentMapping[gone._id];
        }
      });
  },
});

export const commentsReducer = comments.reducer;
export const { activeObjectSet } = comments.actions;

// This screen slice joins the store with the screens that import it (store.ts, ScreenState).
injectSlice("comments", commentsReducer);
