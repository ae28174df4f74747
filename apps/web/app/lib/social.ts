import type { Poll } from "@marquee/contracts/feed";

/** Where the follow buttons and feed posts' actions post (routes/social.action.ts): a resource route, action only. */
export const SOCIAL_ACTION_PATH = "/social/action";

/** A performer's page, and its subscribe box (SubscribeBox's anchor) for a post locked to subscribers. */
export const profilePath = (username: string) => `/performers/${encodeURIComponent(username)}`;
export const subscribePath = (username: string) => `${profilePath(username)}#subscribe`;
/** One feed post with its comments: the comment notifications' target. */
export const feedPostPath = (id: string) => `/feed/${encodeURIComponent(id)}`;

/** The options of a poll as its results show them: each with its share of the votes, whole percents. */
export function pollResults(poll: Poll): Array<{ _id: string; text: string; votes: number; percent: number }> {
  return poll.options.map((o) => ({
    ...o,
    percent: poll.totalVotes > 0 ? Math.round((o.votes / poll.totalVotes) * 100) : 0,
  }));
}

/** Whether a poll shows its results (the viewer voted, or it is closed) rather than buttons to vote. */
export const showsResults = (poll: Poll) => poll.closed || poll.myVote !== null;

/**
 * The composer's poll as the API takes it: the options typed, trimmed (a blank one is kept, so the API's error names
 * its field), and the days it stays open (`null`: until the post goes); null when the performer added no poll.
 */
export function pollBodyOf(
  poll: { options: string[]; days: number | null } | null,
): { options: string[]; days: number | null } | null {
  if (!poll) return null;
  return { options: poll.options.map((o) => o.trim()), days: poll.days };
}
