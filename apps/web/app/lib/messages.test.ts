import { MESSAGE_MAX as CONTRACT_MAX, type Conversation, type Message } from "@marquee/contracts/messages";
import { describe, expect, it } from "vitest";
import {
  firstWords,
  inboxJoined,
  inboxRead,
  inboxReceived,
  MESSAGE_MAX,
  seenId,
  unreadBadge,
  withMessages,
} from "./messages.ts";

const conversation = (id: string, unread = 0): Conversation => ({
  _id: id,
  with: { _id: `u-${id}`, username: id, name: id, avatar: null, role: "performer" },
  lastText: "hi",
  lastAt: "2026-01-01T10:00:00.000Z",
  lastFromMe: false,
  unread,
  readByThemAt: null,
  blockedByMe: false,
  blockedByThem: false,
});

const message = (id: string, at: string, fromMe: boolean, over: Partial<Message> = {}): Message => ({
  _id: id,
  conversationId: "b",
  senderId: fromMe ? "me" : "them",
  fromMe,
  text: `text ${id}`,
  price: null,
  currency: "USD",
  lock: null,
  isBought: false,
  attachments: [],
  removed: null,
  createdAt: at,
  ...over,
});

const photo = { _id: "p", kind: "photo" as const, width: 1, height: 1, durationSec: null, preview: null };

describe("the inbox", () => {
  it("moves a conversation with a new message to the top, counting it unread from the other side", () => {
    const list = [conversation("a"), conversation("b", 2), conversation("c")];
    const m = message("m1", "2026-01-02T00:00:00.000Z", false);
    const moved = inboxReceived(list, m);
    expect(moved?.map((c) => c._id)).toEqual(["b", "a", "c"]);
    expect(moved?.[0]).toMatchObject({ unread: 3, lastText: "text m1", lastAt: m.createdAt, lastFromMe: false });
    // Open on screen: read at once, not counted. One's own message leaves nothing unread.
    expect(inboxReceived(list, m, "b")?.[0]?.unread).toBe(2);
    expect(inboxReceived(list, { ...m, fromMe: true })?.[0]).toMatchObject({ unread: 0, lastFromMe: true });
  });

  it("answers null for a conversation it does not list (the first page is read again)", () => {
    expect(inboxReceived([conversation("a")], message("m1", "2026-01-02T00:00:00.000Z", false))).toBeNull();
  });

  it("keeps the later read state, and each conversation once across pages", () => {
    const read = inboxRead([conversation("a"), conversation("b")], "b", "2026-01-03T00:00:00.000Z");
    expect(read.map((c) => c.readByThemAt)).toEqual([null, "2026-01-03T00:00:00.000Z"]);
    const joined = inboxJoined([conversation("a"), conversation("b")], [conversation("b"), conversation("c")]);
    expect(joined.map((c) => c._id)).toEqual(["a", "b", "c"]);
  });

  it("says media without text as the API does", () => {
    expect(firstWords({ text: "", attachments: [{ ...photo, thumbnail: null, url: null }] })).toBe("Photo");
    expect(firstWords({ text: "x".repeat(100), attachments: [] })).toHaveLength(80);
  });

  it("keeps the composer's limit equal to the API's", () => {
    expect(MESSAGE_MAX).toBe(CONTRACT_MAX);
  });

  it("shows at most 99+ on the header", () => {
    expect([null, 0, 5, 100].map(unreadBadge)).toEqual([null, null, "5", "99+"]);
  });
});

describe("a conversation", () => {
  it("keeps each message once, oldest first, the newer copy winning", () => {
    const shown = [message("1", "2026-01-01T00:00:01.000Z", true), message("3", "2026-01-01T00:00:03.000Z", false)];
    const page = [message("3", "2026-01-01T00:00:03.000Z", false, { removed: "Spam" })];
    const older = [message("2", "2026-01-01T00:00:02.000Z", true)];
    const all = withMessages(withMessages(shown, page), older);
    expect(all.map((m) => m._id)).toEqual(["1", "2", "3"]);
    expect(all[2]?.removed).toBe("Spam");
  });

  it("puts Seen under one's last message once the other side read up to it", () => {
    const list = [message("1", "2026-01-01T00:00:01.000Z", true), message("2", "2026-01-01T00:00:02.000Z", false)];
    expect(seenId(list, null)).toBeNull();
    expect(seenId(list, "2026-01-01T00:00:00.500Z")).toBeNull();
    expect(seenId(list, "2026-01-01T00:00:01.000Z")).toBe("1");
    expect(seenId([list[1] as Message], "2026-01-01T00:00:05.000Z")).toBeNull();
  });
});
