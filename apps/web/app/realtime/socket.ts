import type { ClientToServerEvents, ServerToClientEvents } from "@marquee/contracts/realtime-events";
import { io, type Socket } from "socket.io-client";
import { nextSocketStatus, SOCKET_OPTIONS, SOCKET_STATUS, type SocketStatus } from "./status.ts";

/**
 * The page's socket, typed by the API's map of events (@marquee/contracts/realtime-events): `socket.on` takes only
 * the events the API sends, with their payloads, and `socket.emit` only those it handles.
 */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface RealtimeConnection {
  socket: RealtimeSocket;
  close: () => void;
}

/**
 * Opens the socket on the page's own origin (the web server forwards SOCKET_PATH to the API) with the session token,
 * and reports every status change.
 * Errors only go to console.debug: SPEC section 8 says realtime failures are never user-facing.
 */
export function connectRealtime(
  getToken: () => string | null,
  onStatus: (status: SocketStatus) => void,
  /** Another origin than the page's (tests in Node, which has no page). */
  url?: string,
): RealtimeConnection {
  let status: SocketStatus = SOCKET_STATUS.INITIALIZED;
  onStatus(status);
  const move = (event: Parameters<typeof nextSocketStatus>[1]) => {
    status = nextSocketStatus(status, event);
    onStatus(status);
  };
  const authenticate = () => {
    const token = getToken();
    if (token) socket.emit("auth/login", { token });
  };

  // No URL: the page's own origin, whatever host name the site was opened by. The token goes in the CONNECT
  // packet's `auth`, read again at every (re)connect, never in the URL (proxies and CDNs log URLs).
  const options = {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    auth: (send: (auth: { token: string }) => void) => send({ token: getToken() ?? "" }),
  };
  const socket: RealtimeSocket = url ? io(url, options) : io(options);

  socket.on("connect", () => {
    move("connect");
    authenticate();
  });
  socket.on("disconnect", (reason) => {
    console.debug("[realtime] disconnected", reason);
    move("disconnect");
  });
  socket.on("connect_error", (error) => {
    console.debug("[realtime] connect error", error.message);
    // Not active: the server refused the socket (e.g. a revoked session) and the client will not retry.
    move(socket.active ? "connect_error" : "reconnect_failed");
  });
  socket.io.on("reconnect", () => {
    move("reconnect");
    authenticate();
  });
  socket.io.on("reconnect_attempt", () => move("reconnect_attempt"));
  socket.io.on("reconnect_failed", () => {
    console.debug("[realtime] reconnection failed");
    move("reconnect_failed");
  });
  socket.io.on("error", (error) => {
    console.debug("[realtime] error", error.message);
    move("error");
  });

  return {
    socket,
    close: () => {
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.close();
    },
  };
}
