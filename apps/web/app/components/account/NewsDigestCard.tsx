import { Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { DigestFrequency } from "@marquee/contracts/feed";
import { IconMail } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { useIntent } from "../../lib/use-intent.ts";

/**
 * The news by email (issue 25 section 1): off, daily or weekly, saved at once through the account route's
 * `newsDigest` intent. `frequency` null: the choice could not be loaded (the control still saves).
 */
export function NewsDigestCard({ frequency }: { frequency: DigestFrequency | null }) {
  const { t } = useTranslation();
  const { run, busy } = useIntent(undefined, { revalidate: false });
  const [value, setValue] = useState<DigestFrequency>(frequency ?? "off");

  async function choose(next: string) {
    const before = value;
    setValue(next as DigestFrequency);
    try {
      await run("newsDigest", { frequency: next });
      notifications.show({
        color: "teal",
        message:
          next === "off"
            ? t("You will no longer receive the news digest.")
            : next === "daily"
              ? t("You will receive the news digest once a day.")
              : t("You will receive the news digest once a week."),
      });
    } catch (error) {
      setValue(before);
      notifications.show({ color: "red", message: errorMessage(error, t("Could not save your choice.")) });
    }
  }

  return (
    <Card component="section" aria-labelledby="news-digest-title">
      <Stack gap="md">
        <Group gap="xs">
          <IconMail size={20} aria-hidden />
          <Title order={2} fz="lg" id="news-digest-title">
            {t("News by email")}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t(
            "A mail of what is new from the performers you follow or subscribe to, only when there is something new. Every mail has a link to unsubscribe.",
          )}
        </Text>
        {frequency === null && (
          <Text c="red" size="sm">
            {t("Could not load your choice.")}
          </Text>
        )}
        <SegmentedControl
          fullWidth
          value={value}
          onChange={(next) => void choose(next)}
          disabled={busy}
          aria-label={t("News by email")}
          data-testid="news-digest"
          data={[
            { value: "off", label: t("Off") },
            { value: "daily", label: t("Daily") },
            { value: "weekly", label: t("Weekly") },
          ]}
        />
      </Stack>
    </Card>
  );
}
