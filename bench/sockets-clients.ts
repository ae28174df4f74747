// Socket clients for bench/sockets.ts, in a process of their own so that the delays it records are node A's and the
// network's, not the benchmark process's: one process decoding all N sockets' frames of an event puts its own
// queue into the tail (the last socket it reads waits for the N-1 before it). The benchmark forks a few of these
// and gives each a share of the tokens; each connects its sockets with the real socket.io client (websocket), joins
// them to the object's room, and records each socket's delay from the server's `sentAt` to its arrival.
import { io, type Socket } from "socket.io-client";

type Message =
  | { kind: "connect"; url: string; tokens: string[]; postId: string; batch: number }
  | { kind: "collect"; expected: number; deadlineMs: number }
  | { kind: "stop" };

const clients: Socket[] = [];
let delays: number[] = [];
/** CPU time of this process since the last collect (or the end of connecting). */
let cpuFrom = process.cpuUsage();

const stop = () => {
  for (const c of clients) c.disconnect();
  process.exit(0);
};
// The benchmark gone (stopped, killed, timed out): so are its clients.
process.on("disconnect", stop);

async function connect({ url, tokens, postId, batch }: Extract<Message, { kind: "connect" }>) {
  let refused = 0;
  for (let i = 0; i < tokens.length; i += batch) {
    const joins = tokens.slice(i, i + batch).map(async (token) => {
      const s = io(url, {
        path: "/socket.io",
        transports: ["websocket"],
        auth: { token },
        reconnection: false,
        timeout: 30_000,
      });
      clients.push(s);
      s.on("bench", (p: { sentAt: number }) => delays.push(Date.now() - p.sentAt));
      await new Promise<void>((resolve, reject) => {
        s.once("connect", () => resolve());
        s.once("connect_error", reject);
      });
      const answer = (await s.timeout(30_000).emitWithAck("object:join", { objectType: "post", objectId: postId })) as {
        ok: boolean;
      };
      if (!answer.ok) refused++;
    });
    await Promise.all(joins);
  }
  return refused;
}

process.on("message", async (msg: Message) => {
  if (msg.kind === "connect") {
    try {
      const refused = await connect(msg);
      cpuFrom = process.cpuUsage();
      process.send?.({ kind: "connected", refused });
    } catch (err) {
      process.send?.({ kind: "failed", error: String(err) });
    }
  }
  if (msg.kind === "collect") {
    // Waits for this process's share of the deliveries (or the deadline), hands them over and starts afresh.
    const deadline = Date.now() + msg.deadlineMs;
    while (delays.length < msg.expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const out = delays;
    const cpu = process.cpuUsage(cpuFrom);
    delays = [];
    cpuFrom = process.cpuUsage();
    process.send?.({ kind: "delays", delays: out, cpuMs: (cpu.user + cpu.system) / 1000 });
  }
  if (msg.kind === "stop") stop();
});
process.send?.({ kind: "ready" });
