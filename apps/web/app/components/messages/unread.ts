import { useSyncExternalStore } from "react";
import { api } from "../../lib/api.ts";

/**
 * The member's unread messages in the browser (one per page: the header's link), as GET /conversations/unread last
 * said; read again when a message arrives or a conversation is read. The server always renders it unknown (null).
 */
let unread: number | null = null;
const listeners = new Set<() => void>();
let inflight: Promise<void> | null = null;
let again = false;

function set(next: number | null) {
  if (next === unread) return;
  unread = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useUnreadMessages(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  );
}

export const unreadMessages = {
  /** Reads the count (one call at a time; asked meanwhile, once more after it). */
  refresh(): Promise<void> {
    if (inflight) {
      again = true;
      return inflight;
    }
    inflight = api
      // The header's own read: an ended session is the page's business, not a reason to leave it.
      .get<{ unread: number }>("/conversations/unread", undefined, { noRedirect: true })
      .then((answer) => set(answer.unread))
      .finally(() => {
        inflight = null;
        if (again) {
          again = false;
          void unreadMessages.refresh().catch(() => undefined);
        }
      });
    return inflight;
  },
  /** Forgets it (logging out). */
  reset() {
    set(null);
  },
};
