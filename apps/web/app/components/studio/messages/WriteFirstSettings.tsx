import { Alert, Button, Card, Group, Radio, Stack, Text } from "@mantine/core";
import type { MessagingSettings } from "@marquee/contracts/messages";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { msg } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { api, errorMessage } from "../../../lib/api.ts";

type Who = MessagingSettings["whoMayWriteFirst"];

const OPTIONS: { value: Who; label: string; description: string }[] = [
  { value: "anyone", label: msg("Anyone"), description: msg("Every member may start a conversation with you.") },
  {
    value: "followers",
    label: msg("Followers and subscribers"),
    description: msg("Members who follow or subscribe to you."),
  },
  { value: "subscribers", label: msg("Subscribers only"), description: msg("Members who subscribe to you.") },
];

/** Who may write to the performer first, saved with PUT /messages/settings. */
export function WriteFirstSettings({
  settings,
  loadError,
}: {
  settings: MessagingSettings | null;
  loadError: string | null;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [who, setWho] = useState<Who>(settings?.whoMayWriteFirst ?? "anyone");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const save = async () => {
    setError(null);
    setSaved(false);
    setBusy(true);
    try {
      await api.put("/messages/settings", { whoMayWriteFirst: who });
      setSaved(true);
      void revalidator.revalidate();
    } catch (e) {
      setError(errorMessage(e, undefined, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="write-first-title" data-testid="write-first" withBorder>
      <Stack gap="md">
        <Text component="h2" fw={700} fz="lg" id="write-first-title">
          {t("Who may write to you first")}
        </Text>
        {loadError && (
          <Text c="red" role="alert">
            {t(loadError)}
          </Text>
        )}
        <Radio.Group
          aria-labelledby="write-first-title"
          value={who}
          onChange={(v) => {
            setWho(v as Who);
            setSaved(false);
          }}
        >
          <Stack gap="sm">
            {OPTIONS.map((o) => (
              <Radio key={o.value} value={o.value} label={t(o.label)} description={t(o.description)} />
            ))}
          </Stack>
        </Radio.Group>
        <Text size="xs" c="dimmed">
          {t("Members you have written to may always answer you.")}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={500} aria-live="polite" data-testid="write-first-saved">
            {saved ? t("Saved.") : ""}
          </Text>
          <Button onClick={() => void save()} loading={busy} data-testid="write-first-save">
            {t("Save")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
