import {
  IconMaximize,
  IconMinimize,
  IconPictureInPicture,
  IconPictureInPictureOff,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconVolume,
  IconVolume2,
  IconVolumeOff,
} from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { CaptionsMenu, QualityMenu, SpeedMenu } from "./PlayerMenus.tsx";
import styles from "./player.module.css";
import { formatTime } from "./player-actions.ts";
import { SeekBar, type Strip } from "./SeekBar.tsx";
import type { MediaState } from "./use-media-state.ts";
import type { Quality } from "./use-stream.ts";

export interface ControlsProps {
  media: MediaState;
  strip: Strip | null;
  qualities: Quality[];
  level: number;
  auto: boolean;
  fullscreen: boolean;
  pipAvailable: boolean;
  pipActive: boolean;
  portalTarget: HTMLElement | null;
  onMenuOpenChange: (open: boolean) => void;
  onTogglePlay: () => void;
  onSeek: (time: number) => void;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  onQuality: (index: number) => void;
  onRate: (rate: number) => void;
  onTrack: (index: number) => void;
  onToggleFullscreen: () => void;
  onTogglePip: () => void;
}

/** The player's control bar: the seek bar over a row of buttons and menus, each with an accessible name. */
export function PlayerControls(props: ControlsProps) {
  const { t } = useTranslation();
  const { media, portalTarget, onMenuOpenChange } = props;
  const shell = { portalTarget, onOpenChange: onMenuOpenChange };
  const playing = !media.paused && !media.ended;
  const silent = media.muted || media.volume === 0;
  const VolumeIcon = silent ? IconVolumeOff : media.volume < 0.5 ? IconVolume2 : IconVolume;
  return (
    <div className={styles.controls} data-testid="player-controls">
      <SeekBar
        currentTime={media.currentTime}
        duration={media.duration}
        bufferedEnd={media.bufferedEnd}
        strip={props.strip}
        onSeek={props.onSeek}
      />
      <div className={styles.row}>
        <button
          type="button"
          className={styles.control}
          onClick={props.onTogglePlay}
          aria-label={playing ? t("Pause") : t("Play")}
          title={playing ? t("Pause (k)") : t("Play (k)")}
        >
          {playing ? <IconPlayerPauseFilled size={22} aria-hidden /> : <IconPlayerPlayFilled size={22} aria-hidden />}
        </button>
        <div className={styles.volume}>
          <button
            type="button"
            className={styles.control}
            onClick={props.onToggleMute}
            aria-label={silent ? t("Unmute") : t("Mute")}
            aria-pressed={media.muted}
            title={silent ? t("Unmute (m)") : t("Mute (m)")}
          >
            <VolumeIcon size={22} aria-hidden />
          </button>
          <input
            type="range"
            className={styles.volumeSlider}
            min={0}
            max={1}
            step={0.05}
            value={media.muted ? 0 : media.volume}
            onChange={(e) => props.onVolume(Number(e.currentTarget.value))}
            aria-label={t("Volume")}
            aria-valuetext={t("{{percent}}%", { percent: Math.round((media.muted ? 0 : media.volume) * 100) })}
          />
        </div>
        <span className={styles.time} data-testid="player-time">
          {formatTime(media.currentTime)} / {formatTime(media.duration)}
        </span>
        <span className={styles.spacer} />
        <CaptionsMenu {...shell} tracks={media.tracks} track={media.track} onPick={props.onTrack} />
        <SpeedMenu {...shell} rate={media.rate} onPick={props.onRate} />
        <QualityMenu
          {...shell}
          qualities={props.qualities}
          level={props.level}
          auto={props.auto}
          onPick={props.onQuality}
        />
        {props.pipAvailable && (
          <button
            type="button"
            className={`${styles.control} ${styles.wide}`}
            onClick={props.onTogglePip}
            aria-label={props.pipActive ? t("Exit picture-in-picture") : t("Picture-in-picture")}
            title={t("Picture-in-picture")}
          >
            {props.pipActive ? (
              <IconPictureInPictureOff size={22} aria-hidden />
            ) : (
              <IconPictureInPicture size={22} aria-hidden />
            )}
          </button>
        )}
        <button
          type="button"
          className={styles.control}
          onClick={props.onToggleFullscreen}
          aria-label={props.fullscreen ? t("Exit fullscreen") : t("Fullscreen")}
          title={props.fullscreen ? t("Exit fullscreen (f)") : t("Fullscreen (f)")}
        >
          {props.fullscreen ? <IconMinimize size={22} aria-hidden /> : <IconMaximize size={22} aria-hidden />}
        </button>
      </div>
    </div>
  );
}
