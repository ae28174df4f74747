import { Box, Group, Stack, Text, Title } from "@mantine/core";
import { safeLink } from "@marquee/contracts/links";
import type { ReactNode } from "react";
import { Brand } from "../components/Brand.tsx";
import { ThemeToggle } from "../components/ThemeToggle.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { useAppSelector } from "../state/store.ts";

/** Split screen: the login placeholder image on one side, the form on the other. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const image = useAppSelector((s) => s.ui.loginPlaceholderImage || s.settings.data.loginPlaceholderImage);
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.data.siteName);
  return (
    <Box style={{ display: "flex", minHeight: "100vh" }}>
      <Box
        className="marquee-auth-side"
        visibleFrom="md"
        style={{ flex: "1 1 50%", backgroundImage: `url("${safeLink(image, "/login-placeholder.webp")}")` }}
        data-testid="auth-side-image"
      >
        <Stack justify="flex-end" h="100%" p={48} pos="relative" style={{ zIndex: 1 }}>
          <Title order={2} c="white" maw={420} lh={1.2}>
            {t("Your front-row seat to the creators you love.")}
          </Title>
          <Text c="gray.3" maw={420}>
            {t("Join {{siteName}} to follow performers, watch movies and keep your favourites in one place.", {
              siteName,
            })}
          </Text>
        </Stack>
      </Box>
      <Box component="main" style={{ flex: "1 1 50%", display: "flex", flexDirection: "column" }}>
        <Group justify="space-between" p="lg">
          <Brand />
          <ThemeToggle />
        </Group>
        <Box style={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "center" }} px="lg" pb={48}>
          <Box w="100%" maw={420}>
            {children}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
