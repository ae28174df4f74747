import { Button, Group, Text } from "@mantine/core";
import type { FollowState } from "@marquee/contracts/feed";
import { IconUserCheck, IconUserPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage, translateError } from "../../lib/api.ts";
import { SOCIAL_ACTION_PATH } from "../../lib/social.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useAppSelector } from "../../state/store.ts";

/**
 * Follow / Following with the performer's follower count: a click follows or stops following through the route
 * action and shows the API's answer without a reload. A visitor goes to log in; the performer sees the count only.
 */
export function FollowButton({ initial }: { initial: FollowState }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const viewerId = useAppSelector((s) => s.user.current._id);
  const { run, busy } = useIntent(SOCIAL_ACTION_PATH, { revalidate: false });
  const [state, setState] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setState(initial), [initial]);

  const toggle = async () => {
    if (!loggedIn) {
      void navigate("/auth/login");
      return;
    }
    setError(null);
    try {
      setState(await run<FollowState>(state.following ? "unfollow" : "follow", { performerId: state.performerId }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const count = (
    <Text size="sm" c="dimmed" data-testid="follower-count" aria-live="polite">
      {t("{{followers}} followers", { count: state.followers, followers: f.number(state.followers) })}
    </Text>
  );
  if (viewerId && viewerId === state.performerId) return count;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="sm"
        radius="xl"
        variant={state.following ? "light" : "filled"}
        leftSection={state.following ? <IconUserCheck size={16} /> : <IconUserPlus size={16} />}
        onClick={() => void toggle()}
        loading={busy}
        aria-pressed={state.following}
        data-testid="follow-button"
      >
        {state.following ? t("Following") : t("Follow")}
      </Button>
      {count}
      {error && (
        <Text size="sm" c="red" role="alert">
          {translateError(error, t)}
        </Text>
      )}
    </Group>
  );
}
