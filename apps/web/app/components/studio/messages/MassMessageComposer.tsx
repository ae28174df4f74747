import { Alert, Button, Card, Checkbox, Group, Radio, Stack, Text } from "@mantine/core";
import type { VaultItem } from "@marquee/contracts/vault";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { msg } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { api } from "../../../lib/api.ts";
import { draftBody, emptyDraft, type MessageDraft, refusal } from "../../../lib/studio-messages.ts";
import { MessageFields } from "./MessageFields.tsx";

type Audience = "subscribers" | "followers" | "both";
type List = "subscribers" | "followers";

export const AUDIENCE_LABELS: Record<Audience, string> = {
  subscribers: msg("All subscribers"),
  followers: msg("All followers"),
  both: msg("Subscribers and followers"),
};
export const LIST_LABELS: Record<List, string> = {
  subscribers: msg("Subscribers"),
  followers: msg("Followers"),
};

/**
 * A mass message: one message (free, or its media locked behind a price) to all subscribers, all followers or both,
 * leaving out the lists ticked. POST /messages/mass from the browser starts the background send; the page's list
 * (read again) follows it. The API's refusals show at the field they name, or above the button.
 */
export function MassMessageComposer({ vault, vaultError }: { vault: VaultItem[]; vaultError: string | null }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<MessageDraft>(emptyDraft);
  const [audience, setAudience] = useState<Audience>("subscribers");
  const [exclude, setExclude] = useState<List[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState(false);
  // A list the whole audience is made of cannot be left out; "both" may leave out either.
  const excludable = (["subscribers", "followers"] as const).filter((l) => l !== audience);

  const send = async () => {
    setErrors({});
    setError(null);
    setStarted(false);
    setBusy(true);
    try {
      await api.post("/messages/mass", { ...draftBody(draft), audience, exclude });
      setDraft(emptyDraft);
      setExclude([]);
      setStarted(true);
      void revalidator.revalidate();
    } catch (e) {
      const shown = refusal(e, t);
      setErrors(shown.fields);
      setError(shown.error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="mass-title" data-testid="mass-composer" withBorder>
      <Stack gap="md">
        <div>
          <Text component="h2" fw={700} fz="lg" id="mass-title">
            {t("Mass message")}
          </Text>
          <Text size="sm" c="dimmed">
            {t("One message to all your subscribers or followers; each gets it in their own conversation with you.")}
          </Text>
        </div>
        <MessageFields
          draft={draft}
          onChange={setDraft}
          errors={errors}
          vault={vault}
          vaultError={vaultError}
          testId="mass"
        />
        <Radio.Group
          label={t("Send to")}
          value={audience}
          onChange={(v) => {
            setAudience(v as Audience);
            setExclude((l) => l.filter((x) => x !== v));
          }}
          error={errors.audience}
          data-testid="mass-audience"
        >
          <Stack gap="xs" mt={6}>
            {(Object.keys(AUDIENCE_LABELS) as Audience[]).map((a) => (
              <Radio key={a} value={a} label={t(AUDIENCE_LABELS[a])} />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox.Group
          label={t("Leave out")}
          description={t("Fans on a list ticked here do not get it.")}
          value={exclude}
          onChange={(v) => setExclude(v as List[])}
          error={errors.exclude}
          data-testid="mass-exclude"
        >
          <Group gap="md" mt={6}>
            {excludable.map((l) => (
              <Checkbox key={l} value={l} label={t(LIST_LABELS[l])} />
            ))}
          </Group>
        </Checkbox.Group>
        {error && (
          <Alert color="red" role="alert" data-testid="mass-error">
            {error}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={500} aria-live="polite" data-testid="mass-started">
            {started ? t("Sending started. Its progress shows below.") : ""}
          </Text>
          <Button onClick={() => void send()} loading={busy} data-testid="mass-send">
            {t("Send mass message")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
