import { Anchor, Avatar, Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import type { FeedPost } from "@marquee/contracts/feed";
import { IconMessageCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { feedPostPath, profilePath } from "../../lib/social.ts";
import { initials } from "../catalogue/CardImage.tsx";
import { ReactionButtons } from "../reactions/ReactionButtons.tsx";
import { PostAttachments } from "./PostAttachments.tsx";
import { PostOwnerActions } from "./PostOwnerActions.tsx";
import { PostPoll } from "./PostPoll.tsx";
import styles from "./social.module.css";

/**
 * One feed post: its performer and date, its text (plain, line breaks kept), its photos and videos (blurred with what
 * opens them when locked), its poll, the like button and the comment count (to the post's page). Its performer edits
 * and deletes it here; a deleted post leaves the list.
 */
export function FeedPostCard({ post: initial, linkComments = true }: { post: FeedPost; linkComments?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [post, setPost] = useState(initial);
  const [deleted, setDeleted] = useState(false);
  if (deleted) return null;
  const profile = profilePath(post.performer.username);
  const comments = t("{{comments}} comments", { count: post.stats.comments, comments: f.count(post.stats.comments) });
  return (
    <Card className={styles.post} data-testid="feed-post" data-post-id={post._id} component="article">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar
              component={Link}
              to={profile}
              src={post.performer.avatar}
              alt={t("{{name}}'s avatar", { name: post.performer.name })}
              radius="xl"
            >
              {initials(post.performer.name)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={profile} fw={700} c="inherit" truncate="end" display="block">
                {post.performer.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                <time dateTime={post.createdAt} title={f.dateTime(post.createdAt)}>
                  {f.shortDate(post.createdAt)}
                </time>
                {post.editedAt && ` · ${t("edited")}`}
              </Text>
            </div>
          </Group>
          <Group gap={6} wrap="nowrap">
            {post.access === "subscribers" && <Badge variant="light">{t("Subscribers")}</Badge>}
            {post.access === "paid" && post.price !== null && (
              <Badge variant="light" color={post.isBought ? "teal" : "yellow"}>
                {post.isBought ? t("Bought") : f.price(post.price)}
              </Badge>
            )}
          </Group>
        </Group>
        {post.text && (
          <p className={styles.text} data-testid="post-text">
            {post.text}
          </p>
        )}
        <PostAttachments post={post} />
        {post.poll && (
          <PostPoll
            postId={post._id}
            poll={post.poll}
            locked={post.lock !== null}
            onVoted={(poll) => setPost((p) => ({ ...p, poll }))}
          />
        )}
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <ReactionButtons
              key={post._id}
              objectType="feed-post"
              objectId={post._id}
              flags={post}
              counts={post.stats}
            />
            {linkComments ? (
              <Button
                component={Link}
                to={feedPostPath(post._id)}
                variant="subtle"
                size="compact-sm"
                leftSection={<IconMessageCircle size={16} />}
                data-testid="post-comments"
              >
                {comments}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {comments}
              </Text>
            )}
          </Group>
          {post.isMine && <PostOwnerActions post={post} onEdited={setPost} onDeleted={() => setDeleted(true)} />}
        </Group>
      </Stack>
    </Card>
  );
}
