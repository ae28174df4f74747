import { Anchor, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { Post } from "@marquee/contracts/content";
import { Link } from "react-router";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { ifAnswered } from "../lib/catalogue.server.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/posts";

export const handle = pages.posts.handle;

export const POSTS_PAGE_SIZE = 12;

/** The published posts (not the site's pages), newest first, a page at a time (`?page=2`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isInteger(requested) && requested > 1 ? Math.min(requested, 1000) : 1;
  const list = await ifAnswered(
    "GET /posts/search",
    sessionApi(request, context).get<{ data: Post[]; total: number }>("/posts/search", {
      type: "post",
      limit: POSTS_PAGE_SIZE,
      offset: (page - 1) * POSTS_PAGE_SIZE,
    }),
  );
  return {
    page,
    total: list?.total ?? 0,
    error: list ? null : msg("The posts could not be loaded. Please try again in a moment."),
    posts: (list?.data ?? []).map(({ _id, slug, title, summary, publishedAt, createdAt }) => ({
      _id,
      slug,
      title,
      summary,
      date: publishedAt ?? createdAt,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return seoMeta(matches, {
    title: t("Posts"),
    fallbackDescription: t("News and stories from the site and its performers."),
  });
};

export default function PostsPage({ loaderData }: Route.ComponentProps) {
  const { posts, page, total, error } = loaderData;
  const hasNext = page * POSTS_PAGE_SIZE < total;
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Container size="sm">
      <Stack gap="xl">
        <Title order={1}>{t("Posts")}</Title>
        {error && <Text c="red">{t(error)}</Text>}
        {!error && posts.length === 0 && <Text c="dimmed">{t("Nothing has been posted yet.")}</Text>}
        <Stack gap="lg" component="ol" m={0} p={0} style={{ listStyle: "none" }} data-testid="posts-list">
          {posts.map((post) => (
            <li key={post._id}>
              <article>
                <Text size="sm" c="dimmed" component="p" m={0}>
                  <time dateTime={post.date}>{f.date(post.date)}</time>
                </Text>
                <Title order={2} size="h3">
                  <Anchor component={Link} to={`/posts/${encodeURIComponent(post.slug)}`} inherit prefetch="intent">
                    {post.title}
                  </Anchor>
                </Title>
                {post.summary && (
                  <Text c="dimmed" mt={4}>
                    {post.summary}
                  </Text>
                )}
              </article>
            </li>
          ))}
        </Stack>
        {(page > 1 || hasNext) && (
          <Group justify="space-between">
            {page > 1 ? (
              <Button component={Link} to={page === 2 ? "/posts" : `/posts?page=${page - 1}`} variant="default">
                {t("Newer posts")}
              </Button>
            ) : (
              <span />
            )}
            {hasNext && (
              <Button component={Link} to={`/posts?page=${page + 1}`} variant="default">
                {t("Older posts")}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Container>
  );
}
