import { Badge, Group, Stack, Text } from "@mantine/core";
import type { Message } from "@marquee/contracts/messages";
import { IconLock } from "@tabler/icons-react";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { CheckoutForm } from "../payments/CheckoutForm.tsx";
import { ReportButton } from "../reports/ReportButton.tsx";
import { AttachmentTiles } from "../social/PostAttachments.tsx";
import styles from "./messages.module.css";

/** What opens a paid message's media for its recipient: its price, through the site's checkout. */
function UnlockMessage({ message }: { message: Message }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (message.price === null) return null;
  return (
    <Stack gap="xs" align="center" data-testid="message-unlock">
      <IconLock size={28} aria-hidden />
      <CheckoutForm
        fields={{ kind: "message", id: message._id }}
        label={t("Unlock for {{price}}", { price: f.price(message.price) })}
        coupon={false}
      />
    </Stack>
  );
}

/**
 * One message of a conversation: its text, its photos and videos (blurred, under "Unlock for $X", while its recipient
 * has not paid), when it was sent, "Seen" under one's last message once read, and Report on the other side's ones.
 * A message a moderator removed shows the reason instead.
 */
export function MessageBubble({
  message: m,
  seen = false,
  reportable = false,
  sender,
  reported = false,
}: {
  message: Message;
  seen?: boolean;
  reportable?: boolean;
  /** Who sent it, named above it (an admin reading a reported conversation, who is neither side). */
  sender?: string;
  /** The message a report is about (the admin's read). */
  reported?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <li
      className={styles.item}
      data-mine={m.fromMe || undefined}
      data-testid="message"
      data-id={m._id}
      data-locked={m.lock ? "true" : "false"}
      data-reported={reported || undefined}
    >
      {sender && (
        <Text size="xs" fw={600} c="dimmed" px={4}>
          {sender}
          {reported && ` · ${t("Reported")}`}
        </Text>
      )}
      <div className={styles.bubble}>
        {m.removed !== null ? (
          <Text size="sm" fs="italic" data-testid="message-removed">
            {t("Removed by a moderator: {{reason}}", { reason: m.removed })}
          </Text>
        ) : (
          <Stack gap="xs">
            {m.text && (
              <p className={styles.text} data-testid="message-text">
                {m.text}
              </p>
            )}
            {(m.attachments.length > 0 || m.lock) && (
              <AttachmentTiles attachments={m.attachments} locked={!!m.lock} call={<UnlockMessage message={m} />} />
            )}
            {m.price !== null && !m.lock && (
              <Badge variant="light" color={m.fromMe ? "gray" : "teal"} data-testid="message-price">
                {m.fromMe
                  ? t("Sent for {{price}}", { price: f.price(m.price) })
                  : sender
                    ? t("Paid message: {{price}}", { price: f.price(m.price) })
                    : t("Bought for {{price}}", { price: f.price(m.price) })}
              </Badge>
            )}
          </Stack>
        )}
      </div>
      <Group gap="xs" className={styles.meta} wrap="nowrap">
        <Text size="xs" c="dimmed" component="time" dateTime={m.createdAt}>
          {f.dateTime(m.createdAt)}
        </Text>
        {seen && (
          <Text size="xs" c="dimmed" fw={600} data-testid="message-seen">
            {t("Seen")}
          </Text>
        )}
        {reportable && m.removed === null && <ReportButton kind="message" id={m._id} />}
      </Group>
    </li>
  );
}
