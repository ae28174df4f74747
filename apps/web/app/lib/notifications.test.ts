import type { Notification } from "@marquee/contracts/notifications";
import { describe, expect, it } from "vitest";
import {
  BELL_LIST_SIZE,
  bellBadge,
  bellLabel,
  emptyBell,
  fromLive,
  loadedBell,
  readAllBell,
  readOneBell,
  receivedBell,
  safeLink,
  timeAgo,
} from "./notifications.ts";

const item = (id: string, read = false): Notification => ({
  _id: id,
  type: "payment",
  text: `Text ${id}`,
  link: "/account/orders",
  read,
  readAt: read ? "2026-01-01T00:00:00.000Z" : null,
  createdAt: "2026-01-01T00:00:00.000Z",
  data: {},
});

describe("the bell's state", () => {
  it("takes the API's first page and count", () => {
    const many = Array.from({ length: 12 }, (_, i) => item(`n${i}`));
    const state = loadedBell({ data: many, unread: 30 });
    expect(state.unread).toBe(30);
    expect(state.latest).toHaveLength(BELL_LIST_SIZE);
  });

  it("counts and lists what arrives live, once", () => {
    const state = loadedBell({ data: [item("a", true)], unread: 0 });
    const one = receivedBell(state, item("b"));
    expect(one.unread).toBe(1);
    expect(one.latest?.map((n) => n._id)).toEqual(["b", "a"]);
    expect(receivedBell(one, item("b"))).toBe(one);
    // Before the first answer, the count stays unknown (the answer will have it).
    expect(receivedBell(emptyBell, item("c"))).toEqual(emptyBell);
  });

  it("marks one read (counting it only when it was unread) and all read", () => {
    const state = loadedBell({ data: [item("a"), item("b"), item("c", true)], unread: 5 });
    const one = readOneBell(state, "a", true, "2026-02-01T00:00:00.000Z");
    expect(one.unread).toBe(4);
    expect(one.latest?.[0]).toMatchObject({ read: true, readAt: "2026-02-01T00:00:00.000Z" });
    expect(readOneBell(one, "c", false, "x").unread).toBe(4);
    expect(readOneBell({ unread: 0, latest: [] }, "z", true, "x").unread).toBe(0);
    const all = readAllBell(one, "2026-03-01T00:00:00.000Z");
    expect(all.unread).toBe(0);
    expect(all.latest?.every((n) => n.read)).toBe(true);
    expect(all.latest?.[2]?.readAt).toBe("2026-01-01T00:00:00.000Z");
  });
});

describe("what the bell shows", () => {
  it("shows the count, 99+ beyond 99, nothing at 0", () => {
    expect(bellBadge(null)).toBeNull();
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(7)).toBe("7");
    expect(bellBadge(120)).toBe("99+");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
    expect(bellLabel(0)).toBe("Notifications");
  });

  it("says how long ago", () => {
    const now = new Date("2026-05-10T12:00:00.000Z");
    expect(timeAgo("2026-05-10T11:59:30.000Z", now)).toBe("just now");
    expect(timeAgo("2026-05-10T11:55:00.000Z", now)).toBe("5 min ago");
    expect(timeAgo("2026-05-10T09:00:00.000Z", now)).toBe("3 h ago");
    expect(timeAgo("2026-05-08T12:00:00.000Z", now)).toBe("2 d ago");
    expect(timeAgo("2026-03-12T12:00:00.000Z", now)).toBe("12 Mar 2026");
    expect(timeAgo("soon", now)).toBe("");
  });

  it("follows only the site's own links", () => {
    expect(safeLink("/account/orders")).toBe("/account/orders");
    expect(safeLink("//evil.test/x")).toBeNull();
    expect(safeLink("https://evil.test")).toBeNull();
    expect(safeLink(null)).toBeNull();
  });

  it("reads the socket's event as a notification, keeping the sender's fields as its data", () => {
    const live = {
      type: "delivery",
      orderId: "o1",
      title: "Mug",
      _id: "n1",
      text: "“Mug” has shipped.",
      link: "/account/orders",
      read: false,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    expect(fromLive(live)).toEqual({
      _id: "n1",
      type: "delivery",
      text: "“Mug” has shipped.",
      link: "/account/orders",
      read: false,
      readAt: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      data: { orderId: "o1", title: "Mug" },
    });
    // Not stored (no id), or not one at all.
    expect(fromLive({ ...live, _id: null })).toBeNull();
    expect(fromLive({ type: "payment", status: "paid" })).toBeNull();
    expect(fromLive(null)).toBeNull();
  });
});
