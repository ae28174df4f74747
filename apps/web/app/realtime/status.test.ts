import { describe, expect, it } from "vitest";
import {
  nextSocketStatus,
  SOCKET_OPTIONS,
  SOCKET_STATUS,
  type SocketStatus,
  type SocketStatusEvent,
} from "./status.ts";

describe("socket status machine", () => {
  const all = Object.values(SOCKET_STATUS);

  it("has exactly SPEC's five states", () => {
    expect(all).toEqual(["initialized", "connected", "disconnected", "reconnecting", "failed"]);
  });

  it.each<[SocketStatusEvent, SocketStatus]>([
    ["connect", "connected"],
    ["reconnect", "connected"],
    ["disconnect", "disconnected"],
    ["reconnect_attempt", "reconnecting"],
    ["reconnect_failed", "failed"],
    ["connect_error", "failed"],
    ["error", "failed"],
  ])("%s leads to %s from any state", (event, expected) => {
    for (const from of all) expect(nextSocketStatus(from, event)).toBe(expected);
  });

  it("follows a realistic session: a server restart, then a refusal", () => {
    const events: SocketStatusEvent[] = [
      "connect",
      "disconnect",
      "reconnect_attempt",
      "error",
      "connect_error",
      "reconnect_attempt",
      "connect",
      "reconnect",
      "disconnect",
      "reconnect_attempt",
      "reconnect_failed",
    ];
    const seen: SocketStatus[] = [];
    let status: SocketStatus = SOCKET_STATUS.INITIALIZED;
    for (const event of events) {
      status = nextSocketStatus(status, event);
      seen.push(status);
    }
    expect(seen).toEqual([
      "connected",
      "disconnected",
      "reconnecting",
      "failed",
      "failed",
      "reconnecting",
      "connected",
      "connected",
      "disconnected",
      "reconnecting",
      "failed",
    ]);
  });

  it("uses SPEC's connection constants", () => {
    expect(SOCKET_OPTIONS).toEqual({
      path: "/socket.io",
      transports: ["websocket", "polling"],
      reconnection: true,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 10000,
      timeout: 20000,
    });
  });
});
