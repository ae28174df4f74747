import {
  Badge,
  Button,
  Divider,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type Post, postBody, postTypes } from "@marquee/contracts/content";
import { IconExternalLink, IconNews, IconPhoto, IconPlus } from "@tabler/icons-react";
import { Link, useRevalidator } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { Emphasized, emphasisMark } from "../components/admin/Emphasized.tsx";
import { ImageUploadSection } from "../components/admin/ImageUploadSection.tsx";
import {
  DataTable,
  EditDeleteActions,
  EditDrawer,
  ListPanel,
  MediaThumb,
  Pager,
  SearchFilters,
} from "../components/admin/ManageList.tsx";
import { useConfirmedDelete, useOpenItem, useSaveIntent } from "../components/admin/use-manage.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loadedGet, saveDeleteIntents } from "../lib/actions.server.ts";
import { type PostFormValues, postFormValues, postRequestBody } from "../lib/admin-catalogue.ts";
import { apiFilter, offsetPage, oneOf, pageOf, textOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { schemaErrors } from "../lib/studio.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.posts";

export const handle = pages.adminPosts.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Posts"), t("News posts and pages such as the home and contact texts."));
};

const PAGE_SIZE = 20;
const enc = encodeURIComponent;
type TypeFilter = "all" | Post["type"];
type PostPage = { data: Post[]; total: number };

const typeLabels: Record<Post["type"], string> = { post: msg("Post"), page: msg("Page") };
const typeFilter = (params: URLSearchParams) => oneOf<TypeFilter>(params, "type", postTypes, "all");

/** A page of posts with the search (`q`), type and page in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = {
    q: textOf(params) || undefined,
    type: apiFilter(typeFilter(params)),
    ...offsetPage(pageOf(params), PAGE_SIZE),
  };
  return loadedGet<PostPage>(request, context, "/admin/posts", query, msg("Could not load the posts."));
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, saveDeleteIntents("/admin/posts"));
}

function PostImage({ post, width = 96 }: { post: Post; width?: number }) {
  return <MediaThumb image={post.image} width={width} height={Math.round((width * 9) / 16)} icon={IconPhoto} />;
}

function PostForm({ post, onSaved }: { post: Post | null; onSaved: (post: Post, created: boolean) => void }) {
  const { t } = useTranslation();
  const form = useForm<PostFormValues>({
    initialValues: postFormValues(post),
    validate: (values) => schemaErrors(postBody, postRequestBody(values)),
  });
  const { submit, saving } = useSaveIntent(form, post, postRequestBody, onSaved, t("Could not save the post"));

  return (
    <form onSubmit={submit} noValidate aria-label={t("Post")}>
      <Stack gap="md">
        <TextInput label={t("Title")} required key={form.key("title")} {...form.getInputProps("title")} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t("Slug")}
            description={t("Its address: /posts/<slug>.")}
            key={form.key("slug")}
            {...form.getInputProps("slug")}
          />
          <Select
            label={t("Type")}
            size="md"
            description={t("Pages hold fixed texts.")}
            data={postTypes.map((type) => ({ value: type, label: t(typeLabels[type]) }))}
            allowDeselect={false}
            key={form.key("type")}
            {...form.getInputProps("type")}
          />
          <Select
            label={t("Status")}
            size="md"
            description={t("Only published posts are shown.")}
            data={[
              { value: "draft", label: t("Draft") },
              { value: "published", label: t("Published") },
            ]}
            allowDeselect={false}
            key={form.key("status")}
            {...form.getInputProps("status")}
          />
        </SimpleGrid>
        <Textarea
          label={t("Summary")}
          description={t("One or two sentences for lists and search engines.")}
          autosize
          minRows={2}
          maxRows={4}
          key={form.key("summary")}
          {...form.getInputProps("summary")}
        />
        <Textarea
          label={t("Content")}
          description={t("Plain text; leave a blank line between paragraphs.")}
          autosize
          minRows={8}
          maxRows={24}
          key={form.key("content")}
          {...form.getInputProps("content")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {post ? t("Save post") : t("Create post")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Posts({ data: { result, error } }: { data: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [remove, confirmDialog] = useConfirmedDelete();
  const { params, search, setSearch, q, page, setPage, setFilter, loading } = useListParams();
  const revalidator = useRevalidator();
  const type = typeFilter(params);
  const { open, setOpen, current: editingPost } = useOpenItem(result?.data);

  const onSaved = (post: Post, created: boolean) => {
    setOpen(post);
    notifications.show(
      created
        ? { color: "teal", title: t("Post created"), message: t("You can add an image now.") }
        : { color: "teal", message: t("“{{title}}” saved.", { title: post.title }) },
    );
  };

  const confirmRemove = (post: Post) =>
    remove({
      title: t("Delete this post?"),
      message: (
        <>
          <Emphasized
            sentence={t("{{title}} is removed for good, with its comments and image.", { title: emphasisMark })}
            value={<b>{post.title}</b>}
          />
        </>
      ),
      confirmLabel: t("Delete post"),
      id: post._id,
      deleted: t("“{{title}}” deleted.", { title: post.title }),
      failTitle: t("Could not delete the post"),
      onDeleted: () => {
        if (editingPost?._id === post._id) setOpen(null);
      },
    });

  return (
    <AdminPage
      title={t("Posts")}
      description={t("News posts and pages such as the home and contact texts.")}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen("new")}>
          {t("New post")}
        </Button>
      }
    >
      <SearchFilters label={t("Search posts")} placeholder={t("Title or text")} value={search} onChange={setSearch}>
        <SegmentedControl
          aria-label={t("Type")}
          data={[
            { value: "all", label: t("All") },
            { value: "post", label: t("Posts") },
            { value: "page", label: t("Pages") },
          ]}
          value={type}
          onChange={(value) => setFilter("type", value)}
        />
      </SearchFilters>
      <ListPanel
        label={t("Posts")}
        error={error}
        onRetry={() => void revalidator.revalidate()}
        ready={!!result}
        skeleton={{ rows: 3, height: 48 }}
        count={result?.data.length}
        empty={{
          icon: IconNews,
          message: q || type !== "all" ? t("No post matches these filters.") : t("No posts yet."),
        }}
      >
        <DataTable
          label={t("Posts")}
          minWidth={760}
          busy={loading}
          columns={[
            { label: t("Image"), hidden: true },
            { label: t("Title") },
            { label: t("Type") },
            { label: t("Status") },
            { label: t("Published") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {result?.data.map((post) => (
            <Table.Tr key={post._id}>
              <Table.Td w={112}>
                <PostImage post={post} />
              </Table.Td>
              <Table.Td>
                <Text fw={600} size="sm" lineClamp={1}>
                  {post.title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {/* i18n-exempt: the post's address */}
                  /posts/{post.slug}
                </Text>
              </Table.Td>
              <Table.Td>{t(typeLabels[post.type])}</Table.Td>
              <Table.Td>
                <Badge variant="dot" color={post.status === "published" ? "teal" : "gray"}>
                  {post.status === "published" ? t("Published") : t("Draft")}
                </Badge>
              </Table.Td>
              <Table.Td c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {f.date(post.publishedAt) || "—"}
              </Table.Td>
              <Table.Td>
                <EditDeleteActions
                  name={post.title}
                  onEdit={() => setOpen(post)}
                  onDelete={() => void confirmRemove(post)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListPanel>
      <Pager total={result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
      <EditDrawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={editingPost ? t("Edit post") : t("New post")}
      >
        {open && (
          <Stack gap="xl">
            <PostForm key={editingPost?._id ?? "new"} post={editingPost} onSaved={onSaved} />
            <Divider />
            {editingPost ? (
              <ImageUploadSection<Post>
                label={t("Post image")}
                preview={<PostImage post={editingPost} width={320} />}
                hasImage={!!editingPost.image}
                path={`/admin/posts/${enc(editingPost._id)}/image/upload`}
                testId="post-image-upload-progress"
                onUploaded={setOpen}
                aside={
                  editingPost.status === "published" && (
                    <Button
                      component={Link}
                      to={`/posts/${enc(editingPost.slug)}`}
                      variant="subtle"
                      rightSection={<IconExternalLink size={14} />}
                    >
                      {t("View on the site")}
                    </Button>
                  )
                }
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t("Save the post first; then you can add an image.")}
              </Text>
            )}
          </Stack>
        )}
      </EditDrawer>
      {confirmDialog}
    </AdminPage>
  );
}

export default function AdminPostsPage({ loaderData }: Route.ComponentProps) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <Posts data={loaderData} />;
}
