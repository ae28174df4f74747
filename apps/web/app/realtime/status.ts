import { SOCKET_PATH } from "@marquee/contracts/origin";

/** SPEC section 4: the realtime connection status, and the events that move it. */
export const SOCKET_STATUS = {
  INITIALIZED: "initialized",
  CONNECTED: "connected",
  DISCONNECTED: "disconnected",
  RECONNECTING: "reconnecting",
  FAILED: "failed",
} as const;

export type SocketStatus = (typeof SOCKET_STATUS)[keyof typeof SOCKET_STATUS];

/** Events of socket.io-client (socket and manager) that change the status. */
export type SocketStatusEvent =
  | "connect"
  | "reconnect"
  | "disconnect"
  | "reconnect_attempt"
  | "connect_error"
  | "error"
  | "reconnect_failed";

/** SPEC section 9: connection constants. */
export const SOCKET_OPTIONS = {
  path: SOCKET_PATH,
  transports: ["websocket", "polling"],
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 10000,
  timeout: 20000,
} as const;

/**
 * The status machine as a pure function (SPEC section 4 and 8): where `event` takes a connection whose status is
 * `current`. Every error is `failed`, a failed reconnection attempt too; the next attempt is `reconnecting` again, so
 * while the server is down the status moves between the two until the connection is back (`connected`).
 */
export function nextSocketStatus(current: SocketStatus, event: SocketStatusEvent): SocketStatus {
  switch (event) {
    case "connect":
    case "reconnect":
      return SOCKET_STATUS.CONNECTED;
    case "disconnect":
      return SOCKET_STATUS.DISCONNECTED;
    case "reconnect_attempt":
      return SOCKET_STATUS.RECONNECTING;
    case "connect_error":
    case "error":
    case "reconnect_failed":
      return SOCKET_STATUS.FAILED;
    default:
      return current;
  }
}
