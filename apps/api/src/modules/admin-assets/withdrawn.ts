/** How long a process trusts its list of taken-down items before reading it again. */
export const WITHDRAWN_REFRESH_MS = 5_000;

/** A movie's or photo's files: `private|public/videos/<id>/...`, `private|public/photos/<id>/...`. */
const ITEM_KEY = /^(?:private|public)\/(videos|photos)\/([^/]+)(?:\/|$)/;

/**
 * What an admin has taken down, for the routes that hand out files: the signed-media route stops every link made
 * before the take-down, and the public files route stops serving the item's poster, thumbnails, teaser and
 * previews. Both are asked on every file request (an HLS player asks every few seconds), so the list is kept in
 * memory: read again at most every WITHDRAWN_REFRESH_MS, and at once after a take-down or restore in this process.
 * Another API process sees the change within WITHDRAWN_REFRESH_MS.
 */
export function createWithdrawnRegistry(deps: {
  videos: { takenDown(): Promise<Map<string, Date>> };
  galleries: { takenDownPhotos(): Promise<Map<string, Date>> };
  refreshMs?: number;
}) {
  const refreshMs = deps.refreshMs ?? WITHDRAWN_REFRESH_MS;
  interface State {
    videos: Map<string, Date>;
    photos: Map<string, Date>;
    at: number;
  }
  let state: State | null = null;
  let loading: Promise<State> | null = null;
  // A read that began before an invalidation may have missed the change: its answer is not kept.
  let generation = 0;

  async function current(): Promise<State> {
    if (state && Date.now() - state.at < refreshMs) return state;
    if (!loading) {
      const started = generation;
      const load = Promise.all([deps.videos.takenDown(), deps.galleries.takenDownPhotos()])
        .then(([videos, photos]): State => {
          const fresh = { videos, photos, at: Date.now() };
          if (started === generation) state = fresh;
          return fresh;
        })
        .finally(() => {
          if (loading === load) loading = null;
        });
      loading = load;
    }
    return loading;
  }

  /** When the item `key` belongs to was taken down; null when it is not (or the key is no item's file). */
  async function takenDownAt(key: string): Promise<Date | null> {
    const [, kind, id] = ITEM_KEY.exec(key) ?? [];
    if (!kind || !id) return null;
    const { videos, photos } = await current();
    return (kind === "videos" ? videos : photos).get(id) ?? null;
  }

  return {
    takenDownAt,
    /** Whether a link made at `issuedAt` was handed out before its item was taken down (it stops working). */
    async madeBeforeTakedown(key: string, issuedAt: Date): Promise<boolean> {
      const at = await takenDownAt(key);
      return at !== null && issuedAt.getTime() <= at.getTime();
    },
    /** Reads the list again on the next question: after a take-down or restore in this process. */
    invalidate() {
      generation++;
      state = null;
      loading = null;
    },
  };
}
export type WithdrawnRegistry = ReturnType<typeof createWithdrawnRegistry>;
