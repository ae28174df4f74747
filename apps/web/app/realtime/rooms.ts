import type { RealtimeAck, RealtimeClientEvents, RealtimeEvents } from "@marquee/contracts/realtime-events";
import { useEffect, useState } from "react";
import { useSocket } from "./SocketProvider.tsx";
import type { RealtimeSocket } from "./socket.ts";

/** The objects whose pages have a realtime room (the API's `OBJECT_TYPES`). */
export type RoomObjectType = RealtimeClientEvents["object:join"]["objectType"];

/**
 * Keeps `socket` in an object's room (`object:<id>` on the API, which checks the user may read the object): joins
 * now if connected, and again after every (re)connect, since a restarted server knows nothing of the rooms a socket
 * was in. Returns the way out: stop rejoining and leave. A refusal is only logged (SPEC section 8: quiet).
 */
export function watchObjectRoom(socket: RealtimeSocket, objectType: RoomObjectType, objectId: string): () => void {
  const payload = { objectType, objectId };
  const join = () => {
    // The answer is undefined when the server sends none (socket.io calls the ack with what it got).
    socket.emit("object:join", payload, (answer?: RealtimeAck) => {
      if (!answer?.ok) console.debug("[realtime] room refused", payload, answer?.error);
    });
  };
  if (socket.connected) join();
  socket.on("connect", join);
  return () => {
    socket.off("connect", join);
    if (socket.connected) socket.emit("object:leave", payload);
  };
}

/** Puts this page's socket in the object's room while the component is mounted (nothing for visitors). */
export function useObjectRoom(objectType: RoomObjectType, objectId: string | null | undefined): void {
  const { socket } = useSocket();
  useEffect(() => {
    if (!socket || !objectId) return;
    return watchObjectRoom(socket, objectType, objectId);
  }, [socket, objectType, objectId]);
}

/**
 * Whether a performer is online, live from `presence` events (null: not known, e.g. for visitors, who have no
 * socket, or while disconnected). The API sends them to the performer's room, and the state at once on joining it,
 * so use it together with `useObjectRoom("performer", performerId)`.
 */
export function usePresence(performerId: string | null | undefined): boolean | null {
  const { socket } = useSocket();
  const [online, setOnline] = useState<boolean | null>(null);
  useEffect(() => {
    setOnline(null);
    if (!socket || !performerId) return;
    const onPresence = (p: RealtimeEvents["presence"] | null) => {
      if (p?.performerId === performerId) setOnline(p.online === true);
    };
    const onDisconnect = () => setOnline(null);
    socket.on("presence", onPresence);
    socket.on("disconnect", onDisconnect);
    return () => {
      socket.off("presence", onPresence);
      socket.off("disconnect", onDisconnect);
    };
  }, [socket, performerId]);
  return online;
}
