import type { AddressInfo } from "node:net";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, newAccount, type TestContext } from "../../test/harness.ts";
import { listedMovie } from "../../test/sales.ts";
import { nextEvent, SOCKET_WAIT_MS, testSockets } from "../../test/sockets.ts";

/**
 * A socket keeps an object's events only while its user may open the object (issue 22, section 6): a member's socket
 * joined a movie's room, the movie went to draft (or was taken down), and the member still received a new comment's
 * text. Every event to an object's room asks again; those who may no longer open it leave the room.
 */

let t: TestContext;
let url: string;
let admin: string;
let member: string;
let performer: { id: string; token: string };
const open = testSockets(() => url);

const join = (socket: Socket, objectId: string) =>
  socket.timeout(SOCKET_WAIT_MS).emitWithAck("object:join", { objectType: "video", objectId });

const comment = async (token: string, objectId: string, content: string) => {
  const res = await t.request({
    method: "POST",
    url: "/comments",
    token,
    body: { objectType: "video", objectId, content },
  });
  expect(res.statusCode, res.body).toBe(201);
};

beforeAll(async () => {
  t = await createTestContext({ REALTIME: "true" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [admin, member, performer] = await Promise.all([
    t.login("admin"),
    t.login("member"),
    newAccount(t, "performer", "rooms"),
  ]);
});
afterAll(() => t.close());

describe("an object's room after its access changes", () => {
  it("stops a member's socket getting a movie's comments once the movie is a draft; its performer still gets them", async () => {
    const movie = (await listedMovie(t, performer.token, { access: "free" }))._id;
    const [watcher, owner] = await Promise.all([open(member), open(performer.token)]);
    expect(await join(watcher, movie)).toEqual({ ok: true });
    expect(await join(owner, movie)).toEqual({ ok: true });

    const first = nextEvent<{ content: string }>(watcher, "comment:created");
    await comment(member, movie, "Lovely light in this one.");
    expect((await first)?.content).toBe("Lovely light in this one.");

    const drafted = await t.request({
      method: "PUT",
      url: `/performer/assets/videos/${movie}`,
      token: performer.token,
      body: { status: "draft" },
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const left = nextEvent(watcher, "object:left");
    const leaked = nextEvent(watcher, "comment:created", 1500);
    const ownerGets = nextEvent<{ content: string }>(owner, "comment:created");
    await comment(performer.token, movie, "Private note on the draft.");
    expect((await ownerGets)?.content).toBe("Private note on the draft.");
    expect(await left).toEqual({ objectId: movie });
    expect(await leaked).toBeNull();
    // It cannot come back in either.
    expect(await join(watcher, movie)).toEqual({ ok: false, error: "not found" });
  });

  it("stops it once an admin takes the movie down", async () => {
    const movie = (await listedMovie(t, performer.token, { access: "free" }))._id;
    const watcher = await open(member);
    const watchingAdmin = await open(admin);
    expect(await join(watcher, movie)).toEqual({ ok: true });
    expect(await join(watchingAdmin, movie)).toEqual({ ok: true });
    const down = await t.request({
      method: "POST",
      url: `/admin/assets/video/${movie}/take-down`,
      token: admin,
      body: { reason: "Reported and confirmed." },
    });
    expect(down.statusCode, down.body).toBe(200);
    const leaked = nextEvent(watcher, "comment:created", 1500);
    const adminGets = nextEvent<{ content: string }>(watchingAdmin, "comment:created");
    await comment(admin, movie, "Taken down: see the report.");
    expect((await adminGets)?.content).toBe("Taken down: see the report.");
    expect(await leaked).toBeNull();
  });
});
