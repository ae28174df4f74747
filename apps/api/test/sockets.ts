import { io as connect, type Socket } from "socket.io-client";
import { afterEach } from "vitest";

/** The next `event` on the socket, or `null` if none arrives within `ms`. */
export const nextEvent = <T = unknown>(socket: Socket, event: string, ms = 2000) =>
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
