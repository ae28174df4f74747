import { Button, Container, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";

export function ComingSoon({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius={36} variant="light">
          {icon}
        </ThemeIcon>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg">
          {text}
        </Text>
        <Button component={Link} to="/" mt="sm">
          {t("Back to home")}
        </Button>
      </Stack>
    </Container>
  );
}
