import { Alert, Button, Card, Group, Stack, Text } from "@mantine/core";
import type { WelcomeAnswer } from "@marquee/contracts/messages";
import type { VaultItem } from "@marquee/contracts/vault";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useFormat } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { api } from "../../../lib/api.ts";
import { draftBody, emptyDraft, type MessageDraft, refusal } from "../../../lib/studio-messages.ts";
import { useConfirm } from "../../ConfirmDialog.tsx";
import { MessageFields } from "./MessageFields.tsx";

type Welcome = NonNullable<WelcomeAnswer["welcome"]>;

const draftOf = (welcome: Welcome | null): MessageDraft =>
  welcome
    ? { text: welcome.text, attachmentIds: welcome.attachments.map((a) => a._id), price: welcome.price ?? "" }
    : emptyDraft;

/**
 * The welcome message each new subscriber gets: the one set now (if any), and a form to change or remove it, saved
 * from the browser (PUT and DELETE /messages/welcome), then the page is read again.
 */
export function WelcomeEditor({
  welcome,
  loadError,
  vault,
  vaultError,
}: {
  welcome: Welcome | null;
  loadError: string | null;
  vault: VaultItem[];
  vaultError: string | null;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const revalidator = useRevalidator();
  const [confirm, confirmDialog] = useConfirm();
  const [draft, setDraft] = useState<MessageDraft>(() => draftOf(welcome));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>, after: () => void) => {
    setErrors({});
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      await call();
      after();
      void revalidator.revalidate();
    } catch (e) {
      const shown = refusal(e, t);
      setErrors(shown.fields);
      setError(shown.error);
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(
      () => api.put("/messages/welcome", draftBody(draft)),
      () => setDone(t("Saved.")),
    );
  const remove = async () => {
    const ok = await confirm({
      title: t("Remove the welcome message?"),
      message: t("New subscribers no longer get a message from you when they subscribe."),
      confirmLabel: t("Remove"),
    });
    if (ok)
      await run(
        () => api.del("/messages/welcome"),
        () => {
          setDraft(emptyDraft);
          setDone(t("The welcome message is removed."));
        },
      );
  };

  return (
    <Card component="section" aria-labelledby="welcome-title" data-testid="welcome-editor" withBorder>
      <Stack gap="md">
        <div>
          <Text component="h2" fw={700} fz="lg" id="welcome-title">
            {t("Welcome message")}
          </Text>
          <Text size="sm" c="dimmed">
            {t("Each new subscriber gets it from you once their subscription is paid.")}
          </Text>
        </div>
        {loadError && (
          <Text c="red" role="alert">
            {t(loadError)}
          </Text>
        )}
        <Text size="sm" data-testid="welcome-current">
          {welcome
            ? [
                t("Set now"),
                welcome.attachments.length
                  ? t("{{n}} photos or videos", { count: welcome.attachments.length, n: welcome.attachments.length })
                  : null,
                welcome.price != null ? f.price(welcome.price) : null,
              ]
                .filter(Boolean)
                .join(" · ")
            : t("No welcome message is set.")}
        </Text>
        <MessageFields
          draft={draft}
          onChange={setDraft}
          errors={errors}
          vault={vault}
          vaultError={vaultError}
          testId="welcome"
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={500} aria-live="polite" data-testid="welcome-done">
            {done ?? ""}
          </Text>
          <Group gap="sm">
            {welcome && (
              <Button variant="default" color="red" onClick={() => void remove()} disabled={busy}>
                {t("Remove")}
              </Button>
            )}
            <Button onClick={() => void save()} loading={busy} data-testid="welcome-save">
              {t("Save welcome message")}
            </Button>
          </Group>
        </Group>
      </Stack>
      {confirmDialog}
    </Card>
  );
}
