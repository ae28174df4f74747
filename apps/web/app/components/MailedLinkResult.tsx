import { Button, Card, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";

/** What a page opened from a mailed link shows: done or failed, the API's message, and where to go next. */
export function MailedLinkResult(props: {
  ok: boolean;
  message: string;
  title: { ok: string; failed: string };
  testId: string;
  next: { to: string; label: string };
  /** Shown under the main button when the link failed. */
  onFailure?: ReactNode;
}) {
  const { t } = useTranslation();
  const { ok, message, title, testId, next, onFailure } = props;
  return (
    <Card w={460} maw="100%" shadow="md">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius={36} variant="light" color={ok ? "teal" : "red"}>
          {ok ? <IconCircleCheck size={40} /> : <IconCircleX size={40} />}
        </ThemeIcon>
        <Title order={1} fz={26}>
          {ok ? title.ok : title.failed}
        </Title>
        <Text c="dimmed" data-testid={testId}>
          {/* The API's message as it comes, or the page's own, marked with msg() where the route defines it. */}
          {t(message)}
        </Text>
        <Button component={Link} to={next.to} fullWidth size="md">
          {next.label}
        </Button>
        {!ok && onFailure}
      </Stack>
    </Card>
  );
}
