import { Button, Group, Modal, Radio, Stack, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { CommentReportReason } from "@marquee/contracts/comments";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { api, errorMessage } from "../../lib/api.ts";
import { REPORT_REASONS, REPORTED } from "../../lib/comments.ts";
import { COMMENT_FAILED } from "../../state/comments.ts";

/** "Report" under someone else's comment: a reason and a note for the moderators; once sent it reads "Reported". */
export function ReportComment({ commentId, author }: { commentId: string; author: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CommentReportReason>("spam");
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const [reported, setReported] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      await api.post(`/comments/${encodeURIComponent(commentId)}/report`, {
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setReported(true);
      setOpen(false);
      notifications.show({ color: "teal", message: t(REPORTED) });
    } catch (error) {
      notifications.show({ color: "red", message: errorMessage(error, COMMENT_FAILED, t) });
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button variant="subtle" color="gray" size="compact-xs" disabled={reported} onClick={() => setOpen(true)}>
        {reported ? t("Reported") : t("Report")}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t("Report {{author}}'s comment", { author })} centered>
        <form onSubmit={(e) => void submit(e)}>
          <Stack gap="md">
            <Radio.Group
              label={t("What is wrong with it?")}
              value={reason}
              onChange={(v) => setReason(v as CommentReportReason)}
            >
              <Stack gap={8} mt={6}>
                {REPORT_REASONS.map((r) => (
                  <Radio key={r.value} value={r.value} label={t(r.label)} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t("Anything the moderators should know (optional)")}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="subtle" color="gray" onClick={() => setOpen(false)}>
                {t("Cancel")}
              </Button>
              <Button type="submit" loading={sending}>
                {t("Send report")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
