import { Button, Group, Text } from "@mantine/core";
import type { Conversation } from "@marquee/contracts/messages";
import { IconMessageCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { api, errorMessage, translateError } from "../../lib/api.ts";
import { conversationPath } from "../../lib/messages.ts";
import { useAppSelector } from "../../state/store.ts";

/**
 * "Message" on a performer's profile: opens (or finds) the member's conversation with them and goes there; the API's
 * refusal shows next to it. A visitor goes to log in; the performer does not see it on their own profile.
 */
export function MessageButton({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const viewerId = useAppSelector((s) => s.user.current._id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (viewerId && viewerId === userId) return null;

  const open = async () => {
    if (!loggedIn) {
      void navigate("/auth/login");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const c = await api.put<Conversation>(`/conversations/with/${encodeURIComponent(userId)}`, undefined, {
        forbiddenAsSaid: true,
      });
      void navigate(conversationPath(c._id));
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="sm"
        radius="xl"
        variant="default"
        leftSection={<IconMessageCircle size={16} aria-hidden />}
        onClick={() => void open()}
        loading={busy}
        data-testid="message-button"
      >
        {t("Message")}
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="message-button-error">
          {translateError(error, t)}
        </Text>
      )}
    </Group>
  );
}
