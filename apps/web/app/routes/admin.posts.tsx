import "../components/studio/studio.css";
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Divider,
  Drawer,
  Group,
  Image,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { type Post, postBody, postTypes } from "@marquee/contracts/content";
import {
  IconAlertCircle,
  IconEdit,
  IconExternalLink,
  IconNews,
  IconPhoto,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconTrash,
} from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { useConfirm } from "../components/ConfirmDialog.tsx";
import { UploadButton } from "../components/studio/UploadButton.tsx";
import { pageCount } from "../lib/admin.ts";
import { type PostFormValues, postFormValues, postRequestBody, upsertById } from "../lib/admin-catalogue.ts";
import { api, errorMessage } from "../lib/api.ts";
import { setFieldErrors } from "../lib/form-errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { formatDate, schemaErrors } from "../lib/studio.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.posts";

export const handle = pages.adminPosts.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Posts", "News posts and pages such as the home and contact texts.");

const PAGE_SIZE = 20;
const enc = encodeURIComponent;
type TypeFilter = "all" | Post["type"];
type PostPage = { data: Post[]; total: number };

const typeLabels: Record<Post["type"], string> = { post: "Post", page: "Page" };

function PostImage({ post, width = 96 }: { post: Post; width?: number }) {
  const height = Math.round((width * 9) / 16);
  if (post.image) {
    return (
      <Image
        src={post.image.url}
        srcSet={post.image.srcSet ?? undefined}
        sizes={`${width}px`}
        alt=""
        w={width}
        h={height}
        radius="sm"
        fit="cover"
        loading="lazy"
      />
    );
  }
  return (
    <Box className="marquee-thumb-empty" w={width} h={height} aria-hidden>
      <IconPhoto size={20} stroke={1.5} />
    </Box>
  );
}

function PostForm({ post, onSaved }: { post: Post | null; onSaved: (post: Post, created: boolean) => void }) {
  const [saving, setSaving] = useState(false);
  const form = useForm<PostFormValues>({
    initialValues: postFormValues(post),
    validate: (values) => schemaErrors(postBody, postRequestBody(values)),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const body = postRequestBody(values);
      const saved = post
        ? await api.put<Post>(`/admin/posts/${enc(post._id)}`, body)
        : await api.post<Post>("/admin/posts", body);
      form.resetDirty(values);
      onSaved(saved, !post);
    } catch (error) {
      if (!setFieldErrors(form, error)) {
        notifications.show({ color: "red", title: "Could not save the post", message: errorMessage(error) });
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Post">
      <Stack gap="md">
        <TextInput label="Title" required key={form.key("title")} {...form.getInputProps("title")} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Slug"
            description="Its address: /posts/<slug>."
            key={form.key("slug")}
            {...form.getInputProps("slug")}
          />
          <Select
            label="Type"
            size="md"
            description="Pages hold fixed texts."
            data={postTypes.map((t) => ({ value: t, label: typeLabels[t] }))}
            allowDeselect={false}
            key={form.key("type")}
            {...form.getInputProps("type")}
          />
          <Select
            label="Status"
            size="md"
            description="Only published posts are shown."
            data={[
              { value: "draft", label: "Draft" },
              { value: "published", label: "Published" },
            ]}
            allowDeselect={false}
            key={form.key("status")}
            {...form.getInputProps("status")}
          />
        </SimpleGrid>
        <Textarea
          label="Summary"
          description="One or two sentences for lists and search engines."
          autosize
          minRows={2}
          maxRows={4}
          key={form.key("summary")}
          {...form.getInputProps("summary")}
        />
        <Textarea
          label="Content"
          description="Plain text; leave a blank line between paragraphs."
          autosize
          minRows={8}
          maxRows={24}
          key={form.key("content")}
          {...form.getInputProps("content")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {post ? "Save post" : "Create post"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type DrawerState = { mode: "new" } | { mode: "edit"; post: Post } | null;

function Posts() {
  const [confirm, confirmDialog] = useConfirm();
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 300);
  const [type, setType] = useState<TypeFilter>("all");
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<PostPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const latest = useRef(0);

  const load = useCallback(() => {
    const id = ++latest.current;
    setLoading(true);
    setError(null);
    api
      .get<PostPage>("/admin/posts", {
        q: q.trim() || undefined,
        type: type === "all" ? undefined : type,
        sortBy: "newest",
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      })
      .then((res) => {
        if (id === latest.current) setResult(res);
      })
      .catch((e: unknown) => {
        if (id === latest.current) setError(errorMessage(e, "Could not load the posts."));
      })
      .finally(() => {
        if (id === latest.current) setLoading(false);
      });
  }, [q, type, page]);

  useEffect(load, [load]);

  const replace = (post: Post) => {
    setResult((r) => (r ? { ...r, data: upsertById(r.data, post) } : r));
    setDrawer((d) => (d?.mode === "edit" && d.post._id === post._id ? { mode: "edit", post } : d));
  };

  const onSaved = (post: Post, created: boolean) => {
    setDrawer({ mode: "edit", post });
    if (created) {
      setResult((r) => (r ? { data: upsertById(r.data, post), total: r.total + 1 } : r));
      notifications.show({ color: "teal", title: "Post created", message: "You can add an image now." });
    } else {
      replace(post);
      notifications.show({ color: "teal", message: `“${post.title}” saved.` });
    }
  };

  const remove = async (post: Post) => {
    const ok = await confirm({
      title: "Delete this post?",
      message: (
        <>
          <b>{post.title}</b> is removed for good, with its comments and image.
        </>
      ),
      confirmLabel: "Delete post",
    });
    if (!ok) return;
    try {
      await api.del(`/admin/posts/${enc(post._id)}`);
      setDrawer((d) => (d?.mode === "edit" && d.post._id === post._id ? null : d));
      notifications.show({ color: "teal", message: `“${post.title}” deleted.` });
      load();
    } catch (e) {
      notifications.show({ color: "red", title: "Could not delete the post", message: errorMessage(e) });
    }
  };

  const total = result?.total ?? 0;
  const editingPost = drawer?.mode === "edit" ? drawer.post : null;

  return (
    <AdminPage
      title="Posts"
      description="News posts and pages such as the home and contact texts."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDrawer({ mode: "new" })}>
          New post
        </Button>
      }
    >
      <Card padding="lg">
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Search posts"
            placeholder="Title or text"
            leftSection={<IconSearch size={16} />}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: "1 1 260px" }}
          />
          <SegmentedControl
            aria-label="Type"
            data={[
              { value: "all", label: "All" },
              { value: "post", label: "Posts" },
              { value: "page", label: "Pages" },
            ]}
            value={type}
            onChange={(value) => {
              setType(value as TypeFilter);
              setPage(1);
            }}
          />
        </Group>
      </Card>
      <Card padding={0} component="section" aria-label="Posts">
        {error ? (
          <Alert m="lg" color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{error}</Text>
              <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={load}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : !result ? (
          <Stack p="lg" gap="xs" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={48} />
            ))}
          </Stack>
        ) : result.data.length === 0 ? (
          <Stack align="center" gap={6} p="xl" ta="center">
            <IconNews size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text c="dimmed">{q || type !== "all" ? "No post matches these filters." : "No posts yet."}</Text>
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="lg"
              highlightOnHover
              aria-label="Posts"
              aria-busy={loading}
              style={{ opacity: loading ? 0.6 : 1, transition: "opacity 120ms ease" }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <VisuallyHidden>Image</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Published</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.data.map((post) => (
                  <Table.Tr key={post._id}>
                    <Table.Td w={112}>
                      <PostImage post={post} />
                    </Table.Td>
                    <Table.Td>
                      <Text fw={600} size="sm" lineClamp={1}>
                        {post.title}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        /posts/{post.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td>{typeLabels[post.type]}</Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={post.status === "published" ? "teal" : "gray"}>
                        {post.status === "published" ? "Published" : "Draft"}
                      </Badge>
                    </Table.Td>
                    <Table.Td c="dimmed" style={{ whiteSpace: "nowrap" }}>
                      {formatDate(post.publishedAt) || "—"}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="lg"
                            aria-label={`Edit ${post.title}`}
                            onClick={() => setDrawer({ mode: "edit", post })}
                          >
                            <IconEdit size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="lg"
                            aria-label={`Delete ${post.title}`}
                            onClick={() => void remove(post)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {result && total > PAGE_SIZE && (
        <Group justify="flex-end">
          <Pagination total={pageCount(total, PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      )}
      <Drawer
        closeButtonProps={{ "aria-label": "Close" }}
        opened={drawer !== null}
        onClose={() => setDrawer(null)}
        position="right"
        size="xl"
        padding="xl"
        title={
          <Text fw={700} fz="lg" component="span">
            {editingPost ? "Edit post" : "New post"}
          </Text>
        }
      >
        {drawer && (
          <Stack gap="xl">
            <PostForm key={editingPost?._id ?? "new"} post={editingPost} onSaved={onSaved} />
            <Divider />
            {editingPost ? (
              <Stack gap="sm" component="section" aria-label="Post image">
                <Title order={3} fz="md">
                  Image
                </Title>
                <PostImage post={editingPost} width={320} />
                <Group justify="space-between">
                  <UploadButton
                    kind="image"
                    what="image"
                    label={editingPost.image ? "Replace image" : "Upload image"}
                    testId="post-image-upload-progress"
                    upload={async (file, onProgress) => {
                      const updated = await api.upload<Post>(
                        `/admin/posts/${enc(editingPost._id)}/image/upload`,
                        [{ fieldname: "file", file, filename: file.name }],
                        { onProgress },
                      );
                      if (updated?._id) replace(updated);
                      notifications.show({ color: "teal", message: "Image uploaded." });
                    }}
                  />
                  {editingPost.status === "published" && (
                    <Button
                      component={Link}
                      to={`/posts/${enc(editingPost.slug)}`}
                      variant="subtle"
                      rightSection={<IconExternalLink size={14} />}
                    >
                      View on the site
                    </Button>
                  )}
                </Group>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Save the post first; then you can add an image.
              </Text>
            )}
          </Stack>
        )}
      </Drawer>
      {confirmDialog}
    </AdminPage>
  );
}

export default function AdminPostsPage() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <Posts />;
}
