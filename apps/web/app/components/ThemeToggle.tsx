import { ActionIcon, Box, Tooltip, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";
import { useAppDispatch } from "../state/store.ts";
import { setTheme } from "../state/ui.ts";

/** Both icons are rendered and CSS shows the right one, so server and client markup always agree. */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light");
  const dispatch = useAppDispatch();

  return (
    <Tooltip label="Switch light / dark theme">
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label="Toggle color scheme"
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
