import type { Performer } from "@marquee/contracts/performers";
import type { SubscribeOffer } from "../../lib/access-cta.ts";
import type { ApiClient } from "../../lib/api.ts";
import { sessionToken } from "../../lib/cookies.ts";

/**
 * A members-only movie or gallery offers a signed-in viewer subscriptions to (up to two of) its performers; their
 * prices come with their profiles. Nothing for other items or visitors.
 */
export async function subscribeOffers(
  client: ApiClient,
  request: Request,
  item: { lock?: string | null; performers: ReadonlyArray<{ _id: string; username: string; name: string }> },
): Promise<SubscribeOffer[]> {
  if (item.lock !== "members" || !sessionToken(request.headers.get("Cookie"))) return [];
  return Promise.all(
    item.performers.slice(0, 2).map((p) =>
      client
        .get<Performer>(`/performers/${encodeURIComponent(p._id)}`)
        .then((full) => ({ username: full.username, name: full.name, monthlyPrice: full.monthlyPrice }))
        .catch(() => ({ username: p.username, name: p.name, monthlyPrice: null })),
    ),
  );
}
