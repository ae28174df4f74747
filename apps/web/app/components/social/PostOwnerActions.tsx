import { Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import type { FeedPost } from "@marquee/contracts/feed";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage, translateError } from "../../lib/api.ts";
import { fieldErrorsFrom } from "../../lib/form-errors.ts";
import { SOCIAL_ACTION_PATH } from "../../lib/social.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useConfirm } from "../ConfirmDialog.tsx";

/** Equal to FEED_POST_MAX of @marquee/contracts/feed (not imported, to keep zod out of the browser). */
const TEXT_MAX = 5000;

/** The performer's Edit (the text, in a dialog) and Delete (after a confirmation) of their own post. */
export function PostOwnerActions({
  post,
  onEdited,
  onDeleted,
}: {
  post: FeedPost;
  onEdited: (post: FeedPost) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { run, busy } = useIntent(SOCIAL_ACTION_PATH, { revalidate: false });
  const [confirm, confirmDialog] = useConfirm();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(post.text);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setError(null);
    try {
      onEdited(await run<FeedPost>("update", { id: post._id, body: { text } }));
      setEditing(false);
    } catch (e) {
      setError(fieldErrorsFrom(e).text ?? errorMessage(e));
    }
  };
  const remove = async () => {
    const ok = await confirm({
      title: t("Delete this post?"),
      message: t("It goes from your profile and your followers' feeds, with its comments, likes and poll."),
      confirmLabel: t("Delete post"),
      color: "red",
    });
    if (!ok) return;
    try {
      await run("delete", { id: post._id });
      onDeleted();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <>
      <Group gap={4}>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPencil size={14} />}
          onClick={() => {
            setText(post.text);
            setError(null);
            setEditing(true);
          }}
          data-testid="post-edit"
        >
          {t("Edit")}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => void remove()}
          loading={busy && !editing}
          data-testid="post-delete"
        >
          {t("Delete")}
        </Button>
      </Group>
      {error && !editing && (
        <Group>
          <span role="alert" style={{ color: "var(--mantine-color-red-filled)", fontSize: 14 }}>
            {translateError(error, t)}
          </span>
        </Group>
      )}
      <Modal opened={editing} onClose={() => setEditing(false)} title={t("Edit post")} centered radius="lg">
        <Stack gap="md">
          <Textarea
            label={t("Text")}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={14}
            maxLength={TEXT_MAX}
            error={error && translateError(error, t)}
            data-testid="post-edit-text"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              {t("Cancel")}
            </Button>
            <Button onClick={() => void save()} loading={busy} data-testid="post-edit-save">
              {t("Save")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {confirmDialog}
    </>
  );
}
