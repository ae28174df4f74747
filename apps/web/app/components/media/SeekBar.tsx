import type { StripGrid } from "@marquee/contracts/videos";
import { type PointerEvent, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import styles from "./player.module.css";
import { formatTime, stripTileAt } from "./player-actions.ts";

export interface Strip {
  url: string;
  grid: StripGrid;
}

/**
 * The seek bar: played and loaded parts, dragged or clicked to seek (the player's arrow keys seek when it has
 * focus). Hovering or dragging shows the time there, with its frame from the movie's thumbnail strip.
 */
export function SeekBar({
  currentTime,
  duration,
  bufferedEnd,
  strip,
  onSeek,
}: {
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  strip: Strip | null;
  onSeek: (time: number) => void;
}) {
  const { t } = useTranslation();
  const barRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ time: number; x: number; width: number } | null>(null);
  const dragging = useRef(false);
  const known = Number.isFinite(duration) && duration > 0;
  const share = (t: number) => (known ? `${Math.min(100, Math.max(0, (t / duration) * 100))}%` : "0%");

  const at = (event: PointerEvent<HTMLDivElement>) => {
    const box = barRef.current?.getBoundingClientRect();
    if (!box || !known) return null;
    const x = Math.min(box.width, Math.max(0, event.clientX - box.left));
    return { time: (x / box.width) * duration, x, width: box.width };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const point = at(event);
    if (!point) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setHover(point);
    onSeek(point.time);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const point = at(event);
    if (!point) return;
    setHover(point);
    if (dragging.current) onSeek(point.time);
  };
  const onPointerUp = () => {
    dragging.current = false;
  };

  const preview = hover && strip ? stripTileAt(strip.grid, hover.time) : null;
  const previewWidth = strip ? strip.grid.tileWidth : 64;
  const left = hover ? Math.min(Math.max(hover.x - previewWidth / 2, 0), Math.max(0, hover.width - previewWidth)) : 0;

  return (
    <div
      ref={barRef}
      className={styles.seek}
      role="slider"
      tabIndex={0}
      aria-label={t("Seek")}
      aria-valuemin={0}
      aria-valuemax={known ? Math.round(duration) : 0}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={t("{{time}} of {{duration}}", { time: formatTime(currentTime), duration: formatTime(duration) })}
      data-testid="seek-bar"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onPointerLeave={() => !dragging.current && setHover(null)}
    >
      <div className={styles.seekTrack}>
        <div className={styles.seekBuffered} style={{ width: share(bufferedEnd) }} />
        <div className={styles.seekPlayed} style={{ width: share(currentTime) }} />
        <div className={styles.seekThumb} style={{ left: share(currentTime) }} />
      </div>
      {hover && (
        <div className={styles.preview} style={{ left, width: previewWidth }} data-testid="seek-preview" aria-hidden>
          {strip && preview && (
            <div
              className={styles.previewFrame}
              data-tile={preview.index}
              style={{
                width: strip.grid.tileWidth,
                height: strip.grid.tileHeight,
                backgroundImage: `url("${strip.url}")`,
                backgroundPosition: `-${preview.x}px -${preview.y}px`,
              }}
            />
          )}
          <span className={styles.previewTime}>{formatTime(hover.time)}</span>
        </div>
      )}
    </div>
  );
}
