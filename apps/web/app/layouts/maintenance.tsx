import { Anchor, Center, Image, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useAppSelector } from "../state/store.ts";

export function MaintenanceLayout() {
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.data.siteName);
  return (
    <Center component="main" mih="100vh" p="xl" data-layout="maintenance">
      <Stack align="center" gap="lg" maw={560} ta="center">
        <Image src="/under-construction.svg" alt="Under construction" w={360} maw="100%" />
        <Title order={1} fz={30}>
          We'll be right back
        </Title>
        <Text size="lg" c="dimmed">
          {siteName} is down for scheduled maintenance. Please check back soon.
        </Text>
        <Anchor component={Link} to="/auth/login" size="sm" c="dimmed">
          Administrator login
        </Anchor>
      </Stack>
    </Center>
  );
}
