import { Button, Stack, Text } from "@mantine/core";
import type { Poll } from "@marquee/contracts/feed";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage, translateError } from "../../lib/api.ts";
import { pollResults, SOCIAL_ACTION_PATH, showsResults } from "../../lib/social.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useAppSelector } from "../../state/store.ts";
import styles from "./social.module.css";

/**
 * A post's poll: a button per option until the viewer votes, then each option's bar with its share and the number of
 * votes; a closed poll shows its results. `locked`: the viewer may not open the post, so may not vote either.
 */
export function PostPoll({
  postId,
  poll,
  locked,
  onVoted,
}: {
  postId: string;
  poll: Poll;
  locked: boolean;
  onVoted: (poll: Poll) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const navigate = useNavigate();
  const { run, busy } = useIntent(SOCIAL_ACTION_PATH, { revalidate: false });
  const [error, setError] = useState<string | null>(null);

  const vote = async (optionId: string) => {
    if (!loggedIn) {
      void navigate("/auth/login");
      return;
    }
    setError(null);
    try {
      onVoted(await run<Poll>("vote", { id: postId, optionId }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const results = showsResults(poll);
  return (
    <Stack gap={6} data-testid="post-poll" aria-label={t("Poll")} role="group">
      {results
        ? pollResults(poll).map((o) => (
            <div key={o._id} className={styles.pollBar} data-testid="poll-result">
              <div className={styles.pollFill} style={{ width: `${o.percent}%` }} />
              <div className={styles.pollRow}>
                <Text size="sm" fw={poll.myVote === o._id ? 700 : 400}>
                  {o.text}
                </Text>
                <Text size="sm" fw={700}>
                  {t("{{percent}}%", { percent: o.percent })}
                </Text>
              </div>
            </div>
          ))
        : poll.options.map((o) => (
            <Button
              key={o._id}
              variant="default"
              fullWidth
              disabled={locked || busy}
              onClick={() => void vote(o._id)}
              styles={{ label: { whiteSpace: "normal" } }}
            >
              {o.text}
            </Button>
          ))}
      <Text size="xs" c="dimmed" data-testid="poll-votes">
        {t("{{votes}} votes", { count: poll.totalVotes, votes: f.number(poll.totalVotes) })}
        {poll.closed
          ? ` · ${t("Poll closed")}`
          : poll.endsAt
            ? ` · ${t("Ends {{date}}", { date: f.dateTime(poll.endsAt) })}`
            : ""}
      </Text>
      {error && (
        <Text size="sm" c="red" role="alert">
          {translateError(error, t)}
        </Text>
      )}
    </Stack>
  );
}
