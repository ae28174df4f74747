import { io as connect, type Socket } from "socket.io-client";
import { afterEach } from "vitest";

/**
 * How long a test waits for what the server sends a socket (an event, an ack, a disconnection): a wait ends the moment
 * it comes, and on a loaded 2-core machine the request that makes the server send it can take seconds. A shorter
 * window is for "nothing arrives" only, kept after something the test waits for did arrive.
 */
export const SOCKET_WAIT_MS = 15_000;

/** The next `event` on the socket, or `null` if none arrives within `ms`. */
export const nextEvent = <T = unknown>(socket: Socket, event: string, ms = SOCKET_WAIT_MS) =>
  new Promise<T | null>((resolve) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      resolve(null);
    }, ms);
    const on = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, on);
  });

/**
 * Connects websocket-only sockets for a test file (signed in with `token`, no reconnection) and disconnects them after
 * each test. `open` resolves once connected and rejects with the server's refusal.
 */
export function testSockets(url: () => string) {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  return function open(token: string): Promise<Socket> {
    const socket = connect(url(), {
      path: "/socket.io",
      auth: { token },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once("connect", () => resolve(socket));
      socket.once("connect_error", reject);
    });
  };
}
