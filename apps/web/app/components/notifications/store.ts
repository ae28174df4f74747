import type { Notification, NotificationList } from "@marquee/contracts/notifications";
import { useSyncExternalStore } from "react";
import { api } from "../../lib/api.ts";
import {
  BELL_LIST_SIZE,
  type BellState,
  emptyBell,
  loadedBell,
  readAllBell,
  readOneBell,
  receivedBell,
} from "../../lib/notifications.ts";

/**
 * The bell's state in the browser (one per page, shared by the header's bell and /notifications), changed only from
 * effects and handlers: the server always renders the empty state.
 */
let state: BellState = emptyBell;
const listeners = new Set<() => void>();
let inflight: Promise<void> | null = null;
let again = false;

function set(next: BellState) {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useBell(): BellState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => emptyBell,
  );
}

export const bell = {
  /** Reads the unread count and the latest again (one call at a time; asked meanwhile, once more after it). */
  refresh(): Promise<void> {
    if (inflight) {
      again = true;
      return inflight;
    }
    inflight = api
      // The header's own read: an ended session is the page's business, not a reason to leave it.
      .get<NotificationList>("/notifications", { limit: BELL_LIST_SIZE }, { noRedirect: true })
      .then((list) => set(loadedBell(list)))
      .finally(() => {
        inflight = null;
        if (again) {
          again = false;
          void bell.refresh().catch(() => undefined);
        }
      });
    return inflight;
  },
  /** One arrived live on the socket. Before the first answer it is asked for again, so it is counted. */
  received(n: Notification) {
    if (state.unread === null) void bell.refresh().catch(() => undefined);
    else set(receivedBell(state, n));
  },
  async markRead(n: Pick<Notification, "_id" | "read">) {
    const read = await api.post<Notification>(`/notifications/${encodeURIComponent(n._id)}/read`);
    set(readOneBell(state, n._id, !n.read, read.readAt ?? new Date().toISOString()));
    return read;
  },
  async markAllRead() {
    await api.post<{ updated: number; unread: number }>("/notifications/read-all");
    set(readAllBell(state, new Date().toISOString()));
  },
  /** Forgets them (logging out). */
  reset() {
    set(emptyBell);
  },
};
