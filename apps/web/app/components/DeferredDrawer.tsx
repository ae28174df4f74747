import type { DrawerProps } from "@mantine/core";
import { lazy, Suspense, useEffect, useState } from "react";

const LazyDrawer = lazy(() => import("./deferred-mantine.ts").then((m) => ({ default: m.Drawer })));

/**
 * Mantine's Drawer once the page has hydrated: closed, it renders nothing (on the server neither), so its code
 * (focus trap, scroll lock, scroll area) loads then instead of with the page.
 */
export function Drawer(props: DrawerProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? (
    <Suspense fallback={null}>
      <LazyDrawer {...props} />
    </Suspense>
  ) : null;
}
