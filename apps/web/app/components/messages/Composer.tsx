import { ActionIcon, Group, Stack, Text, Textarea } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { type KeyboardEvent, type ReactNode, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage, translateError } from "../../lib/api.ts";
import { MESSAGE_MAX } from "../../lib/messages.ts";
import styles from "./messages.module.css";

/** How many characters are left before the counter shows. */
const COUNT_FROM = MESSAGE_MAX - 200;

/**
 * The conversation's composer: Enter sends, Shift+Enter starts a new line, at most MESSAGE_MAX characters. `send`
 * answers once the API took the message (the text is then cleared); its refusal shows under the field as the API
 * words it. `extra` sits next to the send button (a performer's attachments).
 */
export function Composer({
  send,
  canSendEmpty = false,
  extra,
}: {
  send: (text: string) => Promise<void>;
  /** Whether a message without text may go (it carries attachments). */
  canSendEmpty?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (sending || (!text.trim() && !canSendEmpty)) return;
    setSending(true);
    setError(null);
    try {
      await send(text.trim());
      setText("");
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="message-composer"
    >
      <Stack gap={4}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            className={styles.field}
            aria-label={t("Write a message")}
            placeholder={t("Write a message")}
            description={t("Enter sends, Shift+Enter starts a new line.")}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={MESSAGE_MAX}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            data-testid="message-input"
          />
          {extra}
          <ActionIcon
            type="submit"
            size={44}
            radius="xl"
            loading={sending}
            aria-label={t("Send")}
            data-testid="message-send"
          >
            <IconSend size={20} aria-hidden />
          </ActionIcon>
        </Group>
        {text.length > COUNT_FROM && (
          <Text size="xs" c="dimmed" ta="right">
            {t("{{n}} of {{max}} characters", { n: text.length, max: MESSAGE_MAX })}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red" role="alert" data-testid="message-error">
            {translateError(error, t)}
          </Text>
        )}
      </Stack>
    </form>
  );
}
