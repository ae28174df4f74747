import { Button } from "@mantine/core";
import { IconMessageCircle } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useAppSelector } from "../../state/store.ts";

/**
 * "Message" on a performer's profile: a link to `/messages/with/:userId`, which opens (or finds) the member's
 * conversation with them on the server and goes there, or says why not. A visitor is sent to log in first (a
 * protected page); the performer does not see it on their own profile.
 */
export function MessageButton({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const viewerId = useAppSelector((s) => s.user.current._id);
  if (viewerId && viewerId === userId) return null;
  return (
    <Button
      component={Link}
      to={`/messages/with/${encodeURIComponent(userId)}`}
      size="sm"
      radius="xl"
      variant="default"
      leftSection={<IconMessageCircle size={16} aria-hidden />}
      data-testid="message-button"
    >
      {t("Message")}
    </Button>
  );
}
