import { Anchor, Box, Center, Group, Image, Stack, Text, Title } from "@mantine/core";
import { IconTool } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import { useAppSelector } from "../state/store.ts";

export function MaintenanceLayout() {
  const { t } = useTranslation();
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.data.siteName);
  return (
    <Center component="main" mih="100vh" p="xl" data-layout="maintenance">
      <Stack align="center" gap="lg" maw={560} ta="center">
        <Image src="/under-construction.svg" alt={t("Under construction")} w={360} maw="100%" />
        <Title order={1} fz={30}>
          {t("We'll be right back")}
        </Title>
        <Text size="lg" c="dimmed">
          {t("{{siteName}} is down for scheduled maintenance. Please check back soon.", { siteName })}
        </Text>
        <Anchor component={Link} to="/auth/login" size="sm" c="dimmed">
          {t("Administrator login")}
        </Anchor>
      </Stack>
    </Center>
  );
}

/**
 * What an admin sees on every page while maintenance mode is on: they browse the site as it is, everyone else gets
 * the maintenance page, and this says so, with the way to turn it off.
 */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  return (
    <Box
      component="aside"
      role="status"
      aria-label={t("Maintenance mode")}
      data-testid="maintenance-banner"
      bg="yellow.1"
      c="dark.8"
      px="md"
      py={8}
    >
      <Group gap="xs" justify="center" wrap="wrap">
        <IconTool size={18} aria-hidden />
        <Text size="sm">{t("Maintenance mode is on: visitors and members see the maintenance page.")}</Text>
        <Anchor component={Link} to="/admin/settings" size="sm" fw={600} c="dark.8" underline="always">
          {t("Turn it off in the settings")}
        </Anchor>
      </Group>
    </Box>
  );
}
