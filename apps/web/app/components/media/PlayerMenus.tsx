import { Menu } from "@mantine/core";
import { IconBadgeCc, IconBadgeCcFilled, IconGauge, IconSettings } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import styles from "./player.module.css";
import { SPEEDS } from "./player-actions.ts";
import type { Quality } from "./use-stream.ts";

interface MenuShell {
  /** Where the dropdown is drawn: inside the player in fullscreen (else it would not show), the page otherwise. */
  portalTarget: HTMLElement | null;
  /** Open or closed: the controls stay while a menu is open. */
  onOpenChange: (open: boolean) => void;
}

/**
 * One of the player's menus: a button with an accessible name, and its options as radio items (arrow keys move, Enter
 * or space picks, Esc closes), the current one checked.
 */
function PlayerMenu({
  label,
  icon,
  text,
  title,
  value,
  options,
  onPick,
  portalTarget,
  onOpenChange,
  testId,
}: MenuShell & {
  label: string;
  icon: ReactNode;
  /** Shown beside the icon, and part of the button's name. */
  text?: string;
  title: string;
  value: string;
  options: { value: string; label: string }[];
  onPick: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Menu
      position="top-end"
      offset={6}
      shadow="md"
      withinPortal
      portalProps={portalTarget ? { target: portalTarget } : undefined}
      onChange={onOpenChange}
      trapFocus
      returnFocus
    >
      <Menu.Target>
        <button
          type="button"
          className={styles.control}
          aria-label={text ? t("{{control}}: {{value}}", { control: label, value: text }) : label}
          title={label}
          data-testid={testId}
        >
          {icon}
          {text && <span className={styles.controlText}>{text}</span>}
        </button>
      </Menu.Target>
      <Menu.Dropdown className={styles.menu} aria-label={title}>
        <Menu.Label>{title}</Menu.Label>
        <Menu.RadioGroup value={value} onChange={onPick}>
          {options.map((o) => (
            <Menu.RadioItem key={o.value} value={o.value} closeMenuOnClick className={styles.menuItem}>
              {o.label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The quality menu: Auto and each rendition hls.js knows. Auto's label names the rendition playing. Where the
 * renditions are not known (native HLS, the MP4) there is no menu: the browser chooses.
 */
export function QualityMenu({
  qualities,
  level,
  auto,
  onPick,
  ...shell
}: MenuShell & { qualities: Quality[]; level: number; auto: boolean; onPick: (index: number) => void }) {
  const { t } = useTranslation();
  if (qualities.length < 2) return null;
  const playing = qualities.find((q) => q.index === level)?.label;
  const text = auto ? t("Auto") : (playing ?? t("Auto"));
  return (
    <PlayerMenu
      {...shell}
      label={t("Quality")}
      title={t("Quality")}
      testId="quality-menu"
      icon={<IconSettings size={22} aria-hidden />}
      text={text}
      value={auto ? "auto" : String(level)}
      options={[
        { value: "auto", label: playing ? t("Auto ({{quality}})", { quality: playing }) : t("Auto") },
        ...qualities.map((q) => ({ value: String(q.index), label: q.label })),
      ]}
      onPick={(v) => onPick(v === "auto" ? -1 : Number(v))}
    />
  );
}

export function SpeedMenu({ rate, onPick, ...shell }: MenuShell & { rate: number; onPick: (rate: number) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const times = (r: number) => t("{{rate}}×", { rate: f.number(r) });
  return (
    <PlayerMenu
      {...shell}
      label={t("Playback speed")}
      title={t("Playback speed")}
      testId="speed-menu"
      icon={<IconGauge size={22} aria-hidden />}
      text={rate === 1 ? undefined : times(rate)}
      value={String(rate)}
      options={SPEEDS.map((s) => ({ value: String(s), label: s === 1 ? t("Normal") : times(s) }))}
      onPick={(v) => onPick(Number(v))}
    />
  );
}

/** Off and each caption track of the video; no menu when it has none. */
export function CaptionsMenu({
  tracks,
  track,
  onPick,
  ...shell
}: MenuShell & { tracks: { index: number; label: string }[]; track: number; onPick: (index: number) => void }) {
  const { t } = useTranslation();
  if (tracks.length === 0) return null;
  const on = tracks.some((c) => c.index === track);
  return (
    <PlayerMenu
      {...shell}
      label={t("Captions")}
      title={t("Captions")}
      testId="captions-menu"
      icon={on ? <IconBadgeCcFilled size={22} aria-hidden /> : <IconBadgeCc size={22} aria-hidden />}
      value={on ? String(track) : "off"}
      options={[
        { value: "off", label: t("Captions off", { defaultValue: "Off" }) },
        // A track with neither label nor language is named by its place.
        ...tracks.map((c, i) => ({
          value: String(c.index),
          label: c.label || t("Captions {{number}}", { number: i + 1 }),
        })),
      ]}
      onPick={(v) => onPick(v === "off" ? -1 : Number(v))}
    />
  );
}
