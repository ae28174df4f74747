import { Container } from "@mantine/core";
import type { Banner } from "@marquee/contracts/content";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useRouteLoaderData } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import type { RootData } from "../lib/root-types.ts";
import { BannerSlide } from "./catalogue/BannerSlide.tsx";
import styles from "./catalogue/sections.module.css";

/**
 * SPEC section 2's extra widget of the primary layout: between the page and the footer, on every page of the layout.
 * It shows the site promos an admin places at the bottom position (Admin → Banners), read with the page on the
 * server; a page may add its own content with <ExtraWidget>…</ExtraWidget>.
 */
interface Slot {
  target: HTMLElement | null;
  setTarget: (element: HTMLElement | null) => void;
}
const SlotContext = createContext<Slot>({ target: null, setTarget: () => {} });

export function ExtraWidgetSlot({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  return <SlotContext.Provider value={{ target, setTarget }}>{children}</SlotContext.Provider>;
}

/** The site promos of the bottom position, each a banner with its link. */
export function SitePromos({ promos }: { promos: Banner[] }) {
  if (!promos.length) return null;
  return (
    <Container size="xl" mt={48}>
      <div className={styles.middleBanners} data-testid="site-promos">
        {promos.map((banner) => (
          <BannerSlide key={banner._id} banner={banner} first={false} />
        ))}
      </div>
    </Container>
  );
}

/** Where the widget shows in the primary layout. */
export function ExtraWidgetArea() {
  const { t } = useTranslation();
  const { setTarget } = useContext(SlotContext);
  const data = useRouteLoaderData("root") as RootData | undefined;
  const promos = data?.promos ?? [];
  return (
    <aside aria-label={t("Promotions")} data-slot="extra-widget">
      <SitePromos promos={promos} />
      <div ref={setTarget} />
    </aside>
  );
}

export function ExtraWidget({ children }: { children: ReactNode }) {
  const { target } = useContext(SlotContext);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted && target ? createPortal(children, target) : null;
}
