import { Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconWorldOff } from "@tabler/icons-react";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";

/** SPEC section 2: the exact geo-block message. */
export const GEO_BLOCK_MESSAGE = msg("We've sorry. Website content is not available on your country.");

export function GeoBlockLayout() {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100vh" p="xl" data-layout="geo-block">
      <Stack align="center" gap="lg" maw={520} ta="center">
        <ThemeIcon size={88} radius={44} variant="light">
          <IconWorldOff size={48} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={28}>
          {t("Not available in your region")}
        </Title>
        <Text size="lg" c="dimmed" data-testid="geo-block-message">
          {t(GEO_BLOCK_MESSAGE)}
        </Text>
      </Stack>
    </Center>
  );
}
