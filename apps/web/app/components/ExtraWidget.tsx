import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { createPortal } from "react-dom";

/**
 * The primary layout's extra widget slot: a page renders <ExtraWidget>…</ExtraWidget> and the content
 * appears in the slot beside the footer (a later issue puts banners and promos there).
 */
const SlotContext = createContext<HTMLElement | null>(null);

export function ExtraWidgetSlot({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <SlotContext.Provider value={slot}>
      {children}
      <aside ref={setSlot} data-slot="extra-widget" aria-label="Extra widget" />
    </SlotContext.Provider>
  );
}

export function ExtraWidget({ children }: { children: ReactNode }) {
  const slot = useContext(SlotContext);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted && slot ? createPortal(children, slot) : null;
}
