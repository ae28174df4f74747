import { useEffect } from "react";
import { useSocket } from "./SocketProvider.tsx";

/** What an object page watches (README "Comments and reactions"); the API keys the room by the id alone. */
export type RoomObjectType = "video" | "gallery" | "product" | "performer" | "post";

/**
 * Joins the object's room (`object/join`) while the calling component is mounted, so the page hears
 * `comment:created`, `comment:updated`, `comment:deleted` and `reaction:updated`. The server forgets a socket's
 * rooms when it drops, so the join is repeated on every `connect` (a reconnect included); `object/leave` on
 * unmount or when the object changes. Visitors have no socket: nothing happens.
 */
export function useObjectRoom(objectType: RoomObjectType, objectId: string | null | undefined): void {
  const { socket } = useSocket();
  useEffect(() => {
    if (!socket || !objectId) return;
    const join = () => {
      socket.emit("object/join", { id: objectId, objectType });
    };
    if (socket.connected) join();
    socket.on("connect", join);
    return () => {
      socket.off("connect", join);
      if (socket.connected) socket.emit("object/leave", { id: objectId, objectType });
    };
  }, [socket, objectType, objectId]);
}
