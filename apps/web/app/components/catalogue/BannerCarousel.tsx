import "@mantine/carousel/styles.css";
import { Carousel } from "@mantine/carousel";
import { ActionIcon } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import type { Banner } from "@marquee/contracts/content";
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from "@tabler/icons-react";
import type { EmblaCarouselType } from "embla-carousel";
import { type FocusEvent, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { BannerSlide } from "./BannerSlide.tsx";
import styles from "./sections.module.css";

export { BannerSlide };

/**
 * The home page's top banners. With two or more it is a looping carousel that advances every `autoplayMs`
 * (the public setting `bannerAutoplaySpeed`); it pauses while hovered or focused, while the tab is hidden, when
 * the visitor prefers reduced motion, and with its pause button (WCAG 2.2.2). Arrow keys, the arrows and the
 * dots move between slides.
 */
export function BannerCarousel({ banners, autoplayMs }: { banners: Banner[]; autoplayMs: number }) {
  const { t } = useTranslation();
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // null: the visitor has not chosen; then rotation is off for those who prefer reduced motion.
  const [stoppedChoice, setStopped] = useState<boolean | null>(null);
  const reducedMotion = useReducedMotion();
  const stopped = stoppedChoice ?? reducedMotion;
  const rotating = banners.length > 1 && autoplayMs > 0;
  const playing = rotating && !stopped;

  // Each slide change restarts the timer, so a slide picked by hand gets its full time too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `selected` restarts the timer on purpose
  useEffect(() => {
    if (!embla || !playing || hovered || focused) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) embla.scrollNext();
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [embla, playing, hovered, focused, autoplayMs, selected]);

  if (!banners.length) return null;
  const first = banners[0] as Banner;
  if (banners.length === 1) {
    return (
      <div data-testid="banner-carousel" data-slides={1}>
        <BannerSlide banner={first} first />
      </div>
    );
  }

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the autoplay
    <div
      className={styles.carouselWrap}
      data-testid="banner-carousel"
      data-slides={banners.length}
      data-selected={selected}
      data-playing={playing && !hovered && !focused ? "true" : "false"}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      // Keyboard focus pauses; a mouse click on the arrows or the pause button does not.
      onFocus={(e) => setFocused(e.target.matches(":focus-visible"))}
      onBlur={onBlur}
    >
      <Carousel
        aria-label={t("Featured")}
        emblaOptions={{ loop: true, duration: 28 }}
        getEmblaApi={setEmbla}
        onSlideChange={setSelected}
        withIndicators
        controlSize={40}
        slideGap="md"
        getIndicatorProps={(index) => ({
          "aria-label": t("Show banner {{n}} of {{total}}", { n: index + 1, total: banners.length }),
        })}
      >
        {banners.map((banner, i) => (
          <Carousel.Slide
            key={banner._id}
            aria-roledescription={t("slide")}
            aria-label={t("{{n}} of {{total}}: {{title}}", { n: i + 1, total: banners.length, title: banner.title })}
          >
            <BannerSlide banner={banner} first={i === 0} />
          </Carousel.Slide>
        ))}
      </Carousel>
      {rotating && (
        <ActionIcon
          className={styles.autoplayToggle}
          variant="white"
          color="dark"
          radius="xl"
          size="lg"
          aria-label={stopped ? t("Play banner rotation") : t("Pause banner rotation")}
          onClick={() => setStopped(!stopped)}
        >
          {stopped ? <IconPlayerPlayFilled size={16} /> : <IconPlayerPauseFilled size={16} />}
        </ActionIcon>
      )}
    </div>
  );
}
