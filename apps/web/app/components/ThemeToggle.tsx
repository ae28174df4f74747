import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";
import { lazy, type ReactElement, Suspense, useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { useAppDispatch } from "../state/store.ts";
import { setTheme } from "../state/ui.ts";

const LazyTooltip = lazy(() => import("./deferred-mantine.ts").then((m) => ({ default: m.Tooltip })));

/**
 * Mantine's Tooltip, whose code (floating-ui) loads on its own after hydration: the server and the hydrating page
 * render the button alone (the same markup), so it answers clicks from the start; the hint comes once loaded.
 */
function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? (
    <Suspense fallback={children}>
      <LazyTooltip label={label}>{children}</LazyTooltip>
    </Suspense>
  ) : (
    children
  );
}

/** Both icons are rendered and CSS shows the right one, so server and client markup always agree. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light");
  const dispatch = useAppDispatch();

  return (
    <Tooltip label={t("Switch light / dark theme")}>
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label={t("Toggle color scheme")}
        onClick={() => {
          const next = computed === "dark" ? "light" : "dark";
          setColorScheme(next);
          dispatch(setTheme(next));
        }}
      >
        <Box component="span" darkHidden h={18}>
          <IconMoon size={18} />
        </Box>
        <Box component="span" lightHidden h={18}>
          <IconSun size={18} />
        </Box>
      </ActionIcon>
    </Tooltip>
  );
}
