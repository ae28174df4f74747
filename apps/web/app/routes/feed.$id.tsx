import { Anchor, Container, Stack } from "@mantine/core";
import type { FeedPost } from "@marquee/contracts/feed";
import { IconArticleOff } from "@tabler/icons-react";
import { Link } from "react-router";
import { DetailError } from "../components/browse/DetailError.tsx";
import { Comments } from "../components/comments/Comments.tsx";
import { FeedPostCard } from "../components/social/FeedPostCard.tsx";
import styles from "../components/social/social.module.css";
import { useTranslation } from "../i18n/use-translation.ts";
import { required } from "../lib/catalogue.server.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { profilePath } from "../lib/social.ts";
import { pages } from "../pages.ts";
import { useObjectRoom } from "../realtime/rooms.ts";
import type { Route } from "./+types/feed.$id";

export const handle = pages.feedPost.handle;

/** One post as the viewer sees it (GET /feed-posts/:id): the comment notifications' target. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const post = await required(
    sessionApi(request, context).get<FeedPost>(`/feed-posts/${encodeURIComponent(params.id)}`),
    "This post does not exist or is no longer available.",
  );
  return { post };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaT(matches);
  const post = data?.post;
  return seoMeta(matches, {
    title: post ? t("Post by {{name}}", { name: post.performer.name }) : t("Post"),
    description: post?.lock ? null : post?.text,
    fallbackDescription: post ? t("A post by {{name}}.", { name: post.performer.name }) : "",
    image: null,
    type: "article",
  });
};

export default function FeedPostRoute({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const { t } = useTranslation();
  useObjectRoom("feed-post", post._id);
  return (
    <Container size="xl">
      <Stack gap="lg" className={styles.feed}>
        <Anchor component={Link} to={profilePath(post.performer.username)} size="sm">
          {t("← {{name}}'s profile", { name: post.performer.name })}
        </Anchor>
        <FeedPostCard key={post._id} post={post} linkComments={false} />
        <Comments objectType="feed-post" objectId={post._id} ownerIds={[post.performer._id]} />
      </Stack>
    </Container>
  );
}

/** Not found or failed, inside the site's header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  return (
    <DetailError error={error} icon={IconArticleOff} noun="post" listPath="/feed" listLabel={t("Back to your feed")} />
  );
}
