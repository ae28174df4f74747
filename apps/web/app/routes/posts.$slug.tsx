import { Alert, Container, Group, Stack, Text, Title } from "@mantine/core";
import { isLegalSlug } from "@marquee/contracts/age-gate";
import type { Post } from "@marquee/contracts/content";
import { IconAlertTriangle, IconFileOff } from "@tabler/icons-react";
import { DetailError } from "../components/browse/DetailError.tsx";
import { PlainText } from "../components/catalogue/PlainText.tsx";
import styles from "../components/catalogue/sections.module.css";
import { Comments } from "../components/comments/Comments.tsx";
import { ReportButton } from "../components/reports/ReportButton.tsx";
import { useFormat } from "../i18n/format.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { required } from "../lib/catalogue.server.ts";
import { notAfterReport } from "../lib/report-path.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useObjectRoom } from "../realtime/rooms.ts";
import type { Route } from "./+types/posts.$slug";

export const handle = pages.post.handle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const post = await required(
    sessionApi(request, context).get<Post>(`/posts/${encodeURIComponent(params.slug)}`),
    "This page does not exist or is no longer available.",
  );
  return { post };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seoMeta(matches, {
    title: data?.post.title ?? metaT(matches).t("Page not found"),
    description: data?.post.summary || data?.post.content,
    image: data?.post.image?.url ?? null,
    type: "article",
  });

/** A post or a page. Its content is plain text: blank lines separate paragraphs; nothing is read as HTML. */
export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const { t } = useTranslation();
  const f = useFormat();
  const date = post.type === "post" ? f.date(post.publishedAt ?? post.createdAt) : "";
  useObjectRoom("post", post._id);
  return (
    <Container size="sm">
      <article>
        <Stack gap="lg">
          {post.template && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={20} />}
              title={t("This is a template: edit it before you open your site")}
              data-testid="template-banner"
            >
              {t("An administrator fills in the words in [brackets] and makes it the site's own in Admin → Posts.")}
            </Alert>
          )}
          <Stack gap={6}>
            {date && (
              <Text size="sm" c="dimmed" component="p" m={0}>
                <time dateTime={post.publishedAt ?? post.createdAt}>{date}</time>
              </Text>
            )}
            <Title order={1}>{post.title}</Title>
            {post.summary && (
              <Text size="lg" c="dimmed">
                {post.summary}
              </Text>
            )}
          </Stack>
          {post.image && (
            <img
              className={styles.postImage}
              src={post.image.url}
              srcSet={post.image.srcSet || undefined}
              sizes={post.image.srcSet ? "(max-width: 48em) 100vw, 720px" : undefined}
              width={post.image.width || undefined}
              height={post.image.height || undefined}
              alt=""
            />
          )}
          <PlainText text={post.content} className={styles.prose} testId="post-content" />
          <Group justify="flex-end">
            <ReportButton kind="post" id={post._id} />
          </Group>
        </Stack>
      </article>
      {/* The legal pages are the site's statements, not a place for comments. */}
      {!isLegalSlug(post.slug) && <Comments objectType="post" objectId={post._id} />}
    </Container>
  );
}

/** Not found or failed, inside the site's header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  return <DetailError error={error} icon={IconFileOff} noun="post" listPath="/posts" listLabel={t("All posts")} />;
}

/** A report filed here does not reload the page (lib/reports.ts). */
export const shouldRevalidate = notAfterReport;
