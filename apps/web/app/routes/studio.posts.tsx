import type { FeedPostList } from "@marquee/contracts/feed";
import type { User } from "@marquee/contracts/users";
import type { VaultList } from "@marquee/contracts/vault";
import { PostComposer } from "../components/social/PostComposer.tsx";
import { POSTS_PAGE_SIZE, PostList, performerPostsPath } from "../components/social/PostList.tsx";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loaded } from "../lib/actions.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio.posts";

export const handle = pages.studioPosts.handle;

const DESCRIPTION = msg("Write posts for your profile and your followers' feeds: photos, videos and polls.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Posts"), t(DESCRIPTION));
};

/** How many vault items the composer offers (the API's largest page). */
const VAULT_PAGE = 100;

/** The performer's own posts (the profile's list) and their vault's newest items for the composer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const me = await loaded(api.get<User>("/users/me"), msg("Could not load your posts."));
  const [posts, vault] = await Promise.all([
    me.result
      ? loaded(
          api.get<FeedPostList>(performerPostsPath(me.result._id), { limit: POSTS_PAGE_SIZE }),
          msg("Could not load your posts."),
        )
      : Promise.resolve({ result: null, error: me.error }),
    loaded(api.get<VaultList>("/vault", { limit: VAULT_PAGE }), msg("Could not load your vault.")),
  ]);
  return { performerId: me.result?._id ?? null, posts, vault };
}

export default function StudioPostsPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  const { t } = useTranslation();
  if (!role) return <StudioForbidden />;
  const { performerId, posts, vault } = loaderData;
  return (
    <StudioPage title={t("Posts")} description={t(DESCRIPTION)}>
      <PostComposer vault={vault.result?.data ?? []} vaultError={vault.error} />
      {posts.error && <p role="alert">{t(posts.error)}</p>}
      {performerId && (
        <div style={{ maxWidth: 760 }}>
          <PostList
            // A new post on top: the list starts again from the page the loader read.
            key={posts.result?.data[0]?._id ?? ""}
            performerId={performerId}
            initial={posts.result}
            testId="studio-posts"
            empty={t("You have not posted anything yet.")}
          />
        </div>
      )}
    </StudioPage>
  );
}
