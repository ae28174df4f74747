import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness.ts";
import { nextEvent, SOCKET_WAIT_MS, testSockets } from "../../test/sockets.ts";
import { SOCKET_LIMITS } from "./realtime.ts";

/**
 * A flood of socket messages (issue 22, section 6): 3,200 `auth/login` on one socket in 8 s pushed another client's
 * p90 from 17 ms to 721 ms. A socket's messages are counted: past the limit they are refused, and a socket that
 * keeps on is disconnected; other clients are served as before.
 */

let t: TestContext;
let url: string;
let member: string;
let user: string;
const open = testSockets(() => url);

beforeAll(async () => {
  t = await createTestContext({ REALTIME: "true" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [member, user] = await Promise.all([t.login("member"), t.login("user")]);
});
afterAll(() => t.close());

type Ack = { ok: boolean; error?: string };

describe("socket message limits", () => {
  it("refuses auth/login past its limit, tells the socket, and disconnects one that keeps on", async () => {
    const flooder = await open(member);
    const other = await open(user);
    const limited = nextEvent<{ event: string; error: string }>(flooder, "rate-limited");
    const gone = new Promise<string>((resolve) => flooder.once("disconnect", resolve));
    const acks = await Promise.all(
      Array.from({ length: 200 }, () =>
        flooder
          .timeout(SOCKET_WAIT_MS)
          .emitWithAck("auth/login", { token: member })
          .then(
            (a: Ack) => a,
            () => null,
          ),
      ),
    );
    const ok = acks.filter((a) => a?.ok).length;
    const refused = acks.filter((a) => a?.error === "too many requests").length;
    // The first few were handled (their answers may not have reached the socket before it was closed), the next
    // ones refused at once, and the rest went unanswered: the server closed the socket.
    expect(ok).toBeLessThanOrEqual(SOCKET_LIMITS.logins);
    expect(refused).toBe(SOCKET_LIMITS.refusedMax + 1);
    expect(acks.filter((a) => a === null)).toHaveLength(200 - ok - refused);
    expect(await limited).toMatchObject({ event: "auth/login", error: "too many requests" });
    expect(await gone).toBe("io server disconnect");
    // Another client is served as before.
    expect(await other.timeout(SOCKET_WAIT_MS).emitWithAck("auth/login", { token: user })).toEqual({ ok: true });
  });

  it("counts every message a socket sends, not only auth/login", async () => {
    const socket = await open(member);
    const acks = await Promise.all(
      Array.from({ length: SOCKET_LIMITS.messages + 1 }, () =>
        socket
          .timeout(SOCKET_WAIT_MS)
          .emitWithAck("object:leave", { objectId: "00000000-0000-7000-8000-000000000000" })
          .then(
            (a: Ack) => a,
            () => null,
          ),
      ),
    );
    expect(acks.filter((a) => a?.ok)).toHaveLength(SOCKET_LIMITS.messages);
    expect(acks.at(-1)).toEqual({ ok: false, error: "too many requests" });
    expect(socket.connected).toBe(true);
  });
});
