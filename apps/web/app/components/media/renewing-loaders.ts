/**
 * hls.js loaders that keep a movie's links fresh (link-renewal.ts), as its `pLoader` and `fLoader` options: both
 * are hls.js's default loader underneath. The playlist loader tells the renewal each playlist hls.js loads; the
 * fragment loader loads each segment through the freshest link to it, and a segment refused because its link ran
 * out (403, 410) renews its playlist once and is loaded again, so hls.js never sees that refusal.
 */
import type {
  FragmentLoaderConstructor,
  FragmentLoaderContext,
  HlsConfig,
  Loader,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  LoaderStats,
  PlaylistLoaderConstructor,
  PlaylistLoaderContext,
} from "hls.js";
import type { LinkRenewal } from "./link-renewal.ts";

type DefaultLoader = new (config: HlsConfig) => Loader<LoaderContext>;

/** Statuses of a segment whose link ran out: the API's 403 on disk, the bucket's 403, or a CDN's 410. */
const isExpired = (code: number) => code === 403 || code === 410;

export function renewingLoaders(
  DefaultLoader: DefaultLoader,
  renewal: LinkRenewal,
): { pLoader: PlaylistLoaderConstructor; fLoader: FragmentLoaderConstructor } {
  class PlaylistLoader implements Loader<PlaylistLoaderContext> {
    private readonly inner: Loader<LoaderContext>;
    context: PlaylistLoaderContext | null = null;

    constructor(config: HlsConfig) {
      this.inner = new DefaultLoader(config);
    }
    get stats(): LoaderStats {
      return this.inner.stats;
    }
    load(
      context: PlaylistLoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<PlaylistLoaderContext>,
    ) {
      this.context = context;
      const asked = context.url;
      context.url = renewal.playlistUrl(asked);
      this.inner.load(context, config, {
        ...callbacks,
        onSuccess: (response, stats, ctx, details) => {
          // A playlist the renewal cannot read is not renewed; hls.js plays it all the same.
          try {
            if (typeof response.data === "string") renewal.sawPlaylist(asked, response.data, context.url);
          } catch (err) {
            console.warn(`link renewal: ${err instanceof Error ? err.message : err}`);
          }
          callbacks.onSuccess(response, stats, ctx as PlaylistLoaderContext, details);
        },
      } as LoaderCallbacks<LoaderContext>);
    }
    abort() {
      this.inner.abort();
    }
    destroy() {
      this.inner.destroy();
    }
  }

  class FragmentLoader implements Loader<FragmentLoaderContext> {
    private inner: Loader<LoaderContext>;
    /** hls.js keeps this object as the fragment's stats: a retry loads with it too. */
    readonly stats: LoaderStats;
    context: FragmentLoaderContext | null = null;
    private callbacks: LoaderCallbacks<FragmentLoaderContext> | null = null;
    /** A request of the default loader is under way (else this waits for a link, or is over). */
    private requesting = false;
    private done = false;

    constructor(private readonly config: HlsConfig) {
      this.inner = new DefaultLoader(config);
      this.stats = this.inner.stats;
    }

    load(
      context: FragmentLoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<FragmentLoaderContext>,
    ) {
      this.context = context;
      this.callbacks = callbacks;
      const asked = context.url;
      const since = renewal.now();
      void renewal.linkFor(asked).then((url) => {
        if (this.done) return;
        context.url = url;
        this.request(context, config, (error, ctx, details, stats) => {
          if (!isExpired(error.code)) return callbacks.onError(error, ctx, details, stats);
          void renewal.afterRefusal(asked, since).then((fresh) => {
            if (this.done) return;
            if (!fresh) return callbacks.onError(error, ctx, details, stats);
            // Once more through the fresh link, with a new default loader on the same stats; then hls.js decides.
            this.inner.destroy();
            this.inner = new DefaultLoader(this.config);
            Object.assign(this.stats, { aborted: false, loaded: 0, total: 0, chunkCount: 0, bwEstimate: 0 });
            Object.assign(this.stats.loading, { start: 0, first: 0, end: 0 });
            this.inner.stats = this.stats;
            context.url = fresh;
            this.request(context, config, callbacks.onError);
          });
        });
      });
    }

    private request(
      context: FragmentLoaderContext,
      config: LoaderConfiguration,
      onError: LoaderCallbacks<FragmentLoaderContext>["onError"],
    ) {
      const callbacks = this.callbacks as LoaderCallbacks<FragmentLoaderContext>;
      const over =
        <A extends unknown[]>(next: ((...args: A) => void) | undefined) =>
        (...args: A) => {
          this.requesting = false;
          next?.(...args);
        };
      this.requesting = true;
      this.inner.load(context, config, {
        ...callbacks,
        onSuccess: over(callbacks.onSuccess),
        onTimeout: over(callbacks.onTimeout),
        onAbort: over(callbacks.onAbort),
        onError: over(onError),
      } as LoaderCallbacks<LoaderContext>);
    }

    abort() {
      if (this.done) return;
      this.done = true;
      if (this.requesting) return this.inner.abort();
      // Waiting for a fresh link: hls.js hears of the abort as from a request.
      this.stats.aborted = true;
      if (this.context) this.callbacks?.onAbort?.(this.stats, this.context, null);
    }

    destroy() {
      this.done = true;
      this.inner.destroy();
      this.callbacks = null;
      this.context = null;
    }
  }

  return { pLoader: PlaylistLoader, fLoader: FragmentLoader };
}
