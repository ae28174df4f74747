import { Button, Stack } from "@mantine/core";
import type { FeedPost } from "@marquee/contracts/feed";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { subscribePath } from "../../lib/social.ts";
import { useAppSelector } from "../../state/store.ts";
import { CheckoutForm } from "../payments/CheckoutForm.tsx";
import styles from "./social.module.css";

/**
 * What opens a locked post: a subscription (a link to the profile's subscribe box) or its price (the checkout's
 * Unlock button, on to the payment page). Nothing for a post the viewer may open.
 */
export function UnlockCall({ post }: { post: FeedPost }) {
  const { t } = useTranslation();
  const f = useFormat();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  if (post.lock === "subscribers") {
    return (
      <Stack gap="xs" align="center">
        <IconLock size={28} aria-hidden />
        <Button component={Link} to={subscribePath(post.performer.username)} data-testid="post-subscribe">
          {t("Subscribe to see this post")}
        </Button>
      </Stack>
    );
  }
  if (post.lock === "sale" && post.price !== null) {
    const label = t("Unlock for {{price}}", { price: f.price(post.price) });
    return (
      <Stack gap="xs" align="center" data-testid="post-unlock">
        <IconLock size={28} aria-hidden />
        {loggedIn ? (
          <CheckoutForm fields={{ kind: "post", id: post._id }} label={label} coupon={false} />
        ) : (
          <Button component={Link} to="/auth/login">
            {label}
          </Button>
        )}
      </Stack>
    );
  }
  return null;
}

/**
 * A post's photos and videos: thumbnails that open the full photo, videos with their controls. A locked post shows
 * the blurred previews under what opens it.
 */
export function PostAttachments({ post }: { post: FeedPost }) {
  const { t } = useTranslation();
  const items = post.attachments;
  if (!items.length) {
    return post.lock ? (
      <div className={styles.lockBox}>
        <UnlockCall post={post} />
      </div>
    ) : null;
  }
  const shown = items.slice(0, post.lock ? 4 : items.length);
  return (
    <div className={styles.attachments} data-count={Math.min(shown.length, 2)} data-testid="post-attachments">
      {shown.map((a, i) => {
        const alt = a.kind === "video" ? t("Video {{n}}", { n: i + 1 }) : t("Photo {{n}}", { n: i + 1 });
        if (post.lock || !a.url) {
          return (
            <div key={a._id} className={`${styles.tile} ${styles.locked}`}>
              {a.preview && <img src={a.preview} alt="" loading="lazy" />}
            </div>
          );
        }
        if (a.kind === "video") {
          return (
            <div key={a._id} className={styles.tile}>
              {/* biome-ignore lint/a11y/useMediaCaption: a performer's short clip carries no captions */}
              <video
                controls
                preload="none"
                src={a.url}
                poster={a.thumbnail ?? undefined}
                aria-label={alt}
                data-testid="post-video"
              />
            </div>
          );
        }
        return (
          <a key={a._id} className={styles.tile} href={a.url} target="_blank" rel="noreferrer">
            <img src={a.thumbnail ?? a.url} alt={alt} loading="lazy" data-testid="post-photo" />
          </a>
        );
      })}
      {post.lock && (
        <div className={styles.overlay}>
          <UnlockCall post={post} />
        </div>
      )}
    </div>
  );
}
