import type { Comment, CommentList } from "@marquee/contracts/comments";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../lib/api.ts";
import {
  activeObjectSet,
  type CommentsState,
  commentAdded,
  commentChanged,
  commentRemoved,
  commentRestored,
  commentsLoaded,
  commentsReducer,
  createComment,
  deleteComment,
  initialCommentsState,
  loadComments,
  loadMoreComments,
  updateComment,
} from "./comments.ts";
import { appReset } from "./reset.ts";
import { makeStore } from "./store.ts";

const MOVIE = "11111111-1111-4111-8111-111111111111";
const n = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;

function comment(i: number, over: Partial<Comment> = {}): Comment {
  return {
    _id: n(i),
    objectType: "video",
    objectId: MOVIE,
    parentId: null,
    content: `comment ${i}`,
    author: {
      _id: n(900),
      username: "user",
      name: "User",
      avatar: null,
      avatarSrcSet: null,
      role: "user",
      bio: null,
      country: null,
      createdAt: "2025-01-01T00:00:00.000Z",
    },
    stats: { likes: 0, replies: 0 },
    isLiked: false,
    createdAt: "2025-01-01T00:00:00.000Z",
    editedAt: null,
    ...over,
  };
}

const page = (items: Comment[], total: number, next: string | null = null): CommentList => ({
  data: items,
  total,
  totalCapped: false,
  next,
});

const run = (...actions: Parameters<typeof commentsReducer>[1][]) =>
  actions.reduce<CommentsState>((state, action) => commentsReducer(state, action), initialCommentsState);

const ids = (state: CommentsState, key = MOVIE) => state.commentMapping[key]?.items.map((c) => c._id);

describe("the comments slice (SPEC sections 3 and 4)", () => {
  it("starts with no active object and an empty mapping, and goes back to that on app reset", () => {
    expect(commentsReducer(undefined, { type: "@@init" })).toEqual({ activeObject: { _id: null }, commentMapping: {} });
    const state = run(activeObjectSet(MOVIE), commentsLoaded({ key: MOVIE, page: page([comment(1)], 1) }));
    expect(state.activeObject._id).toBe(MOVIE);
    expect(commentsReducer(state, appReset())).toEqual(initialCommentsState);
  });

  it("a first load replaces the items; a load-more appends them (skipping any already shown)", () => {
    const first = run(commentsLoaded({ key: MOVIE, page: page([comment(1), comment(2)], 4, "c2") }));
    expect(first.commentMapping[MOVIE]).toMatchObject({ total: 4, next: "c2", requesting: false });
    expect(ids(first)).toEqual([n(1), n(2)]);

    const more = commentsReducer(first, {
      type: loadMoreComments.fulfilled.type,
      payload: { key: MOVIE, page: page([comment(2), comment(3), comment(4)], 4, null) },
    });
    expect(ids(more)).toEqual([n(1), n(2), n(3), n(4)]);
    expect(more.commentMapping[MOVIE]?.next).toBeNull();

    const again = commentsReducer(more, commentsLoaded({ key: MOVIE, page: page([comment(9)], 1) }));
    expect(ids(again)).toEqual([n(9)]);
    expect(again.commentMapping[MOVIE]?.total).toBe(1);
  });

  it("a new comment goes to the front and total rises by one, once however often it arrives", () => {
    const state = run(commentsLoaded({ key: MOVIE, page: page([comment(1)], 1) }), commentAdded(comment(2)));
    expect(ids(state)).toEqual([n(2), n(1)]);
    expect(state.commentMapping[MOVIE]?.total).toBe(2);
    // The POST's answer and the room's comment:created are the same comment.
    const twice = commentsReducer(state, commentAdded(comment(2)));
    expect(twice).toEqual(state);
  });

  it("a deleted comment is removed and total falls by one, once however often the delete arrives", () => {
    const state = run(
      commentsLoaded({ key: MOVIE, page: page([comment(2), comment(1)], 5) }),
      commentRemoved({ _id: n(1), objectId: MOVIE, parentId: null }),
    );
    expect(ids(state)).toEqual([n(2)]);
    expect(state.commentMapping[MOVIE]?.total).toBe(4);
    const twice = commentsReducer(state, commentRemoved({ _id: n(1), objectId: MOVIE, parentId: null }));
    expect(twice.commentMapping[MOVIE]?.total).toBe(4);
    // A comment not loaded yet (on a later page) still counts out once.
    const unseen = commentsReducer(twice, commentRemoved({ _id: n(7), objectId: MOVIE, parentId: null }));
    expect(unseen.commentMapping[MOVIE]?.total).toBe(3);
    // A late create of a deleted comment does not bring it back, nor does a page read before it went.
    const late = commentsReducer(unseen, commentAdded(comment(1)));
    expect(late.commentMapping[MOVIE]?.total).toBe(3);
    const more = commentsReducer(late, {
      type: loadMoreComments.fulfilled.type,
      payload: { key: MOVIE, page: page([comment(7), comment(8)], 3) },
    });
    expect(ids(more)).toEqual([n(2), n(8)]);
  });

  it("a comment a moderator shows again comes back to the front, once, though it was counted out", () => {
    const hidden = run(
      commentsLoaded({ key: MOVIE, page: page([comment(2), comment(1)], 2) }),
      commentRemoved({ _id: n(2), objectId: MOVIE, parentId: null }),
    );
    expect(ids(hidden)).toEqual([n(1)]);
    const back = commentsReducer(hidden, commentRestored(comment(2)));
    expect(ids(back)).toEqual([n(2), n(1)]);
    expect(back.commentMapping[MOVIE]?.total).toBe(2);
    expect(commentsReducer(back, commentRestored(comment(2)))).toEqual(back);
    // Hidden again: out again.
    const again = commentsReducer(back, commentRemoved({ _id: n(2), objectId: MOVIE, parentId: null }));
    expect(ids(again)).toEqual([n(1)]);
    expect(again.commentMapping[MOVIE]?.total).toBe(1);
  });

  it("keeps replies under their top-level comment, moving its reply count", () => {
    const reply = comment(20, { parentId: n(1) });
    const state = run(
      commentsLoaded({ key: MOVIE, page: page([comment(1, { stats: { likes: 0, replies: 2 } })], 1) }),
      commentAdded(reply),
      commentAdded(reply),
    );
    expect(ids(state)).toEqual([n(1)]);
    expect(state.commentMapping[MOVIE]?.total).toBe(1);
    expect(ids(state, n(1))).toEqual([n(20)]);
    expect(state.commentMapping[MOVIE]?.items[0]?.stats.replies).toBe(3);
    // Loading the replies replaces what arrived live; the page holds it.
    const loaded = commentsReducer(
      state,
      commentsLoaded({ key: n(1), page: page([reply, comment(11, { parentId: n(1) })], 3) }),
    );
    expect(ids(loaded, n(1))).toEqual([n(20), n(11)]);
    const gone = commentsReducer(loaded, commentRemoved({ _id: n(11), objectId: MOVIE, parentId: n(1) }));
    expect(ids(gone, n(1))).toEqual([n(20)]);
    expect(gone.commentMapping[MOVIE]?.items[0]?.stats.replies).toBe(2);
    expect(gone.commentMapping[MOVIE]?.total).toBe(1);
  });

  it("a deleted top-level comment takes its replies with it", () => {
    const state = run(
      commentsLoaded({ key: MOVIE, page: page([comment(1)], 1) }),
      commentAdded(comment(20, { parentId: n(1) })),
      commentRemoved({ _id: n(1), objectId: MOVIE, parentId: null }),
    );
    expect(state.commentMapping[n(1)]).toBeUndefined();
    expect(state.commentMapping[MOVIE]?.total).toBe(0);
  });

  it("an edit changes the text and editedAt of the comment shown", () => {
    const state = run(
      commentsLoaded({ key: MOVIE, page: page([comment(1)], 1) }),
      commentChanged(comment(1, { content: "changed", editedAt: "2025-02-01T00:00:00.000Z" })),
      commentChanged(comment(5, { content: "not here" })),
    );
    expect(state.commentMapping[MOVIE]?.items).toEqual([
      comment(1, { content: "changed", editedAt: "2025-02-01T00:00:00.000Z" }),
    ]);
  });
});

describe("the comments thunks", () => {
  const api = (over: Partial<ApiClient>) => ({
    get: vi.fn(),
    post: vi.fn(),
    put: vi.fn(),
    del: vi.fn(),
    upload: vi.fn(),
    ...over,
  });

  it("loads the first page newest first, then the next by its cursor", async () => {
    const get = vi
      .fn()
      .mockResolvedValueOnce(page([comment(2)], 2, "cur"))
      .mockResolvedValueOnce(page([comment(1)], 2, null));
    const store = makeStore(undefined, { api: api({ get }) as unknown as ApiClient });
    await store.dispatch(loadComments({ objectType: "video", objectId: MOVIE }));
    expect(get).toHaveBeenLastCalledWith("/comments/search", { objectType: "video", objectId: MOVIE, limit: 10 });
    await store.dispatch(loadMoreComments({ objectType: "video", objectId: MOVIE }));
    expect(get).toHaveBeenLastCalledWith("/comments/search", {
      objectType: "video",
      objectId: MOVIE,
      limit: 10,
      cursor: "cur",
    });
    expect(ids(store.getState().comments)).toEqual([n(2), n(1)]);
    // Nothing more to ask for.
    await store.dispatch(loadMoreComments({ objectType: "video", objectId: MOVIE }));
    expect(get).toHaveBeenCalledTimes(2);
  });

  it("a create puts the answer in front; the live event of the same comment changes nothing", async () => {
    const post = vi.fn().mockResolvedValue(comment(3));
    const store = makeStore(undefined, { api: api({ post }) as unknown as ApiClient });
    store.dispatch(commentsLoaded({ key: MOVIE, page: page([comment(1)], 1) }));
    const result = await store.dispatch(createComment({ objectType: "video", objectId: MOVIE, content: "hi" }));
    expect(createComment.fulfilled.match(result)).toBe(true);
    expect(post).toHaveBeenCalledWith("/comments", { objectType: "video", objectId: MOVIE, content: "hi" });
    store.dispatch(commentAdded(comment(3)));
    expect(store.getState().comments.commentMapping[MOVIE]).toMatchObject({ total: 2 });
    expect(ids(store.getState().comments)).toEqual([n(3), n(1)]);
  });

  it("a reply into a thread not read yet shows after the thread's earlier replies, oldest first", async () => {
    const at = (i: number) => `2025-01-0${i}T00:00:00.000Z`;
    const earlier = [
      comment(11, { parentId: n(1), createdAt: at(2) }),
      comment(12, { parentId: n(1), createdAt: at(3) }),
    ];
    const mine = comment(13, { parentId: n(1), createdAt: at(4) });
    const post = vi.fn().mockResolvedValue(mine);
    const get = vi.fn().mockResolvedValue(page([...earlier, mine], 3));
    const store = makeStore(undefined, { api: api({ get, post }) as unknown as ApiClient });
    store.dispatch(commentsLoaded({ key: MOVIE, page: page([comment(1, { stats: { likes: 0, replies: 2 } })], 1) }));
    const reply = { objectType: "video" as const, objectId: MOVIE, parentId: n(1) };
    const result = await store.dispatch(createComment({ ...reply, content: "me too" }));
    expect(createComment.fulfilled.match(result)).toBe(true);
    expect(get).toHaveBeenCalledWith("/comments/search", { ...reply, limit: 10 });
    expect(ids(store.getState().comments, n(1))).toEqual([n(11), n(12), n(13)]);
    expect(store.getState().comments.commentMapping[n(1)]).toMatchObject({ total: 3, loaded: true });
    // A live reply of someone else goes to the end; a thread already read is not asked for again.
    store.dispatch(commentAdded(comment(14, { parentId: n(1), createdAt: at(5) })));
    expect(ids(store.getState().comments, n(1))).toEqual([n(11), n(12), n(13), n(14)]);
    post.mockResolvedValue(comment(15, { parentId: n(1), createdAt: at(6) }));
    await store.dispatch(createComment({ ...reply, content: "again" }));
    expect(get).toHaveBeenCalledTimes(1);
    expect(ids(store.getState().comments, n(1))).toEqual([n(11), n(12), n(13), n(14), n(15)]);
  });

  it("a reply posted before the thread's later pages came stays after them", () => {
    const at = (i: number) => `2025-01-0${i}T00:00:00.000Z`;
    const reply = (i: number) => comment(10 + i, { parentId: n(1), createdAt: at(i) });
    const state = run(
      commentAdded(reply(9)),
      commentsLoaded({ key: n(1), page: page([reply(1), reply(2)], 5, "cur") }),
      loadMoreComments.fulfilled({ key: n(1), page: page([reply(3), reply(4)], 5) }, "r", {
        objectType: "video",
        objectId: MOVIE,
        parentId: n(1),
      }),
    );
    expect(ids(state, n(1))).toEqual([n(11), n(12), n(13), n(14), n(19)]);
  });

  it("an edit is sent as SPEC's upload (a form with the content field, PUT) and shows the answer", async () => {
    const upload = vi.fn().mockResolvedValue(comment(1, { content: "better", editedAt: "2025-02-01T00:00:00.000Z" }));
    const store = makeStore(undefined, { api: api({ upload }) as unknown as ApiClient });
    store.dispatch(commentsLoaded({ key: MOVIE, page: page([comment(1)], 1) }));
    const result = await store.dispatch(updateComment({ _id: n(1), content: "better" }));
    expect(updateComment.fulfilled.match(result)).toBe(true);
    expect(upload).toHaveBeenCalledWith(`/comments/${n(1)}`, [], { fields: { content: "better" }, method: "PUT" });
    expect(store.getState().comments.commentMapping[MOVIE]?.items[0]).toMatchObject({ content: "better" });
  });

  it("a failed create or delete rejects with the SPEC's text when the API says nothing better", async () => {
    const post = vi.fn().mockRejectedValue(new Error(""));
    const del = vi.fn().mockRejectedValue(null);
    const store = makeStore(undefined, { api: api({ post, del }) as unknown as ApiClient });
    const created = await store.dispatch(createComment({ objectType: "video", objectId: MOVIE, content: "x" }));
    // SPEC section 8, word for word (its spelling included).
    expect(created.payload).toMatchObject({ message: "Error occured, please try again later." });
    const deleted = await store.dispatch(deleteComment({ _id: n(1), objectId: MOVIE, parentId: null }));
    expect(deleted.payload).toMatchObject({ message: "Error occured, please try again later." });
  });

  it("a delete removes the comment once, whether the answer or the live event comes first", async () => {
    const del = vi.fn().mockResolvedValue(null);
    const store = makeStore(undefined, { api: api({ del }) as unknown as ApiClient });
    store.dispatch(commentsLoaded({ key: MOVIE, page: page([comment(2), comment(1)], 2) }));
    store.dispatch(commentRemoved({ _id: n(1), objectId: MOVIE, parentId: null }));
    await store.dispatch(deleteComment({ _id: n(1), objectId: MOVIE, parentId: null }));
    expect(del).toHaveBeenCalledWith(`/comments/${n(1)}`);
    expect(store.getState().comments.commentMapping[MOVIE]).toMatchObject({ total: 1 });
  });
});
