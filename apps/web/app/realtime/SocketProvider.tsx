import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { browserToken } from "../lib/session.ts";
import { useAppSelector } from "../state/store.ts";
import type { RealtimeConnection, RealtimeSocket } from "./socket.ts";
import type { SocketStatus } from "./status.ts";

interface SocketContextValue {
  socket: RealtimeSocket | null;
  status: SocketStatus | null;
}

const SocketContext = createContext<SocketContextValue>({ socket: null, status: null });

export function useSocket(): SocketContextValue {
  return useContext(SocketContext);
}

/**
 * SPEC section 4: the connection is created when loggedIn changes, only if a session token is stored and the socket
 * is not already initialized; it is closed when this wrapper is removed (and when the user logs out).
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const connection = useRef<RealtimeConnection | null>(null);
  const loggedInRef = useRef(loggedIn);
  loggedInRef.current = loggedIn;
  const [value, setValue] = useState<SocketContextValue>({ socket: null, status: null });

  const opening = useRef(false);

  useEffect(() => {
    if (loggedIn) {
      if (!browserToken() || connection.current || opening.current) return;
      opening.current = true;
      // socket.io-client is loaded only once someone is logged in, keeping it off visitors' first load.
      void import("./socket.ts")
        .then(({ connectRealtime }) => {
          opening.current = false;
          if (!loggedInRef.current || connection.current) return;
          const opened = connectRealtime(browserToken, (status) =>
            setValue((prev) => ({ socket: prev.socket, status })),
          );
          connection.current = opened;
          setValue((prev) => ({ socket: opened.socket, status: prev.status }));
        })
        .catch((error: unknown) => {
          opening.current = false;
          console.debug("[realtime] could not load the client", error);
        });
    } else if (connection.current) {
      connection.current.close();
      connection.current = null;
      setValue({ socket: null, status: null });
    }
  }, [loggedIn]);

  useEffect(
    () => () => {
      connection.current?.close();
      connection.current = null;
    },
    [],
  );

  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}
