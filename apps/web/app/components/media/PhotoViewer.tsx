import { ActionIcon, Loader, Modal } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import type { Photo } from "@marquee/contracts/galleries";
import { IconChevronLeft, IconChevronRight, IconX } from "@tabler/icons-react";
import { type CSSProperties, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import styles from "./media.module.css";
import { nextIndex, swipeStep } from "./viewer-keys.ts";

/** How close to the last loaded photo the viewer asks for the next page. */
export const PREFETCH_DISTANCE = 3;

/**
 * The photo viewer: a full-screen dialog (focus trapped, Esc closes, focus returns to the tile), ←/→ or a swipe to move,
 * "n of total", the full image over its own thumbnail while it loads, and the next page of photos fetched as the
 * viewer nears the end of what is loaded.
 */
export function PhotoViewer({
  photos,
  index,
  total,
  hasMore,
  loading,
  onIndexChange,
  onClose,
  onLoadMore,
  galleryTitle,
}: {
  photos: Photo[];
  index: number | null;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onLoadMore: () => void;
  galleryTitle: string;
}) {
  const { t } = useTranslation();
  const opened = index !== null;
  const photo = index !== null ? photos[Math.min(index, photos.length - 1)] : undefined;
  const current = index !== null ? Math.min(index, photos.length - 1) : 0;
  const count = Math.max(total, photos.length);
  // → pressed past the last loaded photo: the photo to show once the next page arrives.
  const [waitingFor, setWaitingFor] = useState<number | null>(null);
  // What the key handler reads: key presses can come faster than renders, and each one must count.
  const live = useRef({ current, loaded: photos.length, hasMore, waitingFor });
  live.current = { current, loaded: photos.length, hasMore, waitingFor };
  // Where the finger went down, for a swipe.
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const go = (target: number) => {
    const state = live.current;
    if (target < 0) return;
    if (target >= state.loaded) {
      if (!state.hasMore) return;
      state.waitingFor = target;
      setWaitingFor(target);
      onLoadMore();
      return;
    }
    state.current = target;
    state.waitingFor = null;
    setWaitingFor(null);
    onIndexChange(target);
  };

  useEffect(() => {
    if (waitingFor === null || loading) return;
    if (waitingFor < photos.length) {
      setWaitingFor(null);
      onIndexChange(waitingFor);
    } else if (hasMore) {
      // Paged past this page too: fetch the next one.
      onLoadMore();
    } else {
      setWaitingFor(null);
      onIndexChange(photos.length - 1);
    }
  }, [waitingFor, photos.length, hasMore, loading, onIndexChange, onLoadMore]);

  // Ask for the next page a few photos before the end, so paging on never waits.
  useEffect(() => {
    if (opened && hasMore && !loading && current >= photos.length - PREFETCH_DISTANCE) onLoadMore();
  }, [opened, hasMore, loading, current, photos.length, onLoadMore]);

  // Warm the neighbours' full images.
  useEffect(() => {
    if (!opened) return;
    for (const i of [current + 1, current - 1]) {
      const url = photos[i]?.url;
      if (url) {
        const img = new Image();
        img.decoding = "async";
        img.src = url;
      }
    }
  }, [opened, current, photos]);

  useWindowEvent("keydown", (event) => {
    if (!opened || event.altKey || event.ctrlKey || event.metaKey) return;
    const state = live.current;
    const target = nextIndex(event.key, state.waitingFor ?? state.current, state.loaded, state.hasMore);
    if (target === null) return;
    event.preventDefault();
    go(target);
  });

  const ratio = photo ? photo.width / Math.max(1, photo.height) : 1;
  const frameStyle = {
    "--ratio": String(ratio),
    backgroundImage: photo ? `url("${photo.thumbnail.url}")` : undefined,
  } as CSSProperties;
  const atStart = current === 0;
  const atEnd = current >= photos.length - 1 && !hasMore;

  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      fullScreen
      transitionProps={{ transition: "fade", duration: 150 }}
      zIndex={400}
    >
      <Modal.Overlay backgroundOpacity={0.9} color="#08040c" />
      <Modal.Content
        aria-label={t("Photo viewer: {{title}}", { title: galleryTitle })}
        radius={0}
        data-testid="photo-viewer"
      >
        <div className={styles.viewer}>
          <div className={styles.viewerBar}>
            <span className={styles.viewerCounter} aria-live="polite" data-testid="photo-viewer-counter">
              {t("{{n}} of {{total}}", { n: current + 1, total: count })}
            </span>
            <Modal.Title className={styles.viewerTitle}>{photo?.title || galleryTitle}</Modal.Title>
            <ActionIcon
              variant="subtle"
              color="gray.0"
              size="xl"
              radius="xl"
              onClick={onClose}
              aria-label={t("Close viewer")}
              data-autofocus
            >
              <IconX size={24} />
            </ActionIcon>
          </div>
          <div
            className={styles.viewerStage}
            data-testid="photo-viewer-stage"
            onTouchStart={(e) => {
              const touch = e.touches[0];
              touchStart.current = e.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
            }}
            onTouchEnd={(e) => {
              const start = touchStart.current;
              const touch = e.changedTouches[0];
              touchStart.current = null;
              if (!start || !touch) return;
              const step = swipeStep(touch.clientX - start.x, touch.clientY - start.y);
              if (step) go((live.current.waitingFor ?? live.current.current) + step);
            }}
            onTouchCancel={() => {
              touchStart.current = null;
            }}
          >
            <ActionIcon
              className={`${styles.viewerNav} ${styles.viewerPrev}`}
              variant="filled"
              color="dark.5"
              size={52}
              radius="xl"
              onClick={() => go((live.current.waitingFor ?? live.current.current) - 1)}
              disabled={atStart}
              aria-label={t("Previous photo")}
            >
              <IconChevronLeft size={28} />
            </ActionIcon>
            {photo && (
              <div className={styles.viewerFrame} style={frameStyle}>
                <img
                  key={photo._id}
                  className={styles.viewerImage}
                  src={photo.url ?? photo.thumbnail.url}
                  width={photo.width}
                  height={photo.height}
                  alt={photo.title || t("Photo {{n}} of {{total}}", { n: current + 1, total: count })}
                  decoding="async"
                  data-testid="photo-viewer-image"
                  data-photo-id={photo._id}
                />
              </div>
            )}
            <ActionIcon
              className={`${styles.viewerNav} ${styles.viewerNext}`}
              variant="filled"
              color="dark.5"
              size={52}
              radius="xl"
              onClick={() => go((live.current.waitingFor ?? live.current.current) + 1)}
              disabled={atEnd}
              aria-label={t("Next photo")}
            >
              {waitingFor !== null ? <Loader size={20} color="white" /> : <IconChevronRight size={28} />}
            </ActionIcon>
          </div>
          <div className={styles.viewerFoot}>
            <span className={styles.keysHint}>{t("Use ← and → to move, Esc to close")}</span>
            <span className={styles.touchHint}>{t("Swipe left or right to move")}</span>
          </div>
        </div>
      </Modal.Content>
    </Modal.Root>
  );
}
