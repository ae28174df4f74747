import { Button, Stack } from "@mantine/core";
import type { FeedPost } from "@marquee/contracts/feed";
import type { Attachment } from "@marquee/contracts/vault";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
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
 * Photos and videos of a post or a message: thumbnails that open the full photo, videos with their controls. Locked,
 * the blurred previews show under `call` (what opens them).
 */
export function AttachmentTiles({
  attachments: items,
  locked,
  call,
}: {
  attachments: Attachment[];
  locked: boolean;
  call: ReactNode;
}) {
  const { t } = useTranslation();
  if (!items.length) return locked ? <div className={styles.lockBox}>{call}</div> : null;
  const shown = items.slice(0, locked ? 4 : items.length);
  return (
    <div className={styles.attachments} data-count={Math.min(shown.length, 2)} data-testid="post-attachments">
      {shown.map((a, i) => {
        const alt = a.kind === "video" ? t("Video {{n}}", { n: i + 1 }) : t("Photo {{n}}", { n: i + 1 });
        if (locked || !a.url) {
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
      {locked && <div className={styles.overlay}>{call}</div>}
    </div>
  );
}

/** A post's photos and videos; a locked post shows the blurred previews under what opens it. */
export function PostAttachments({ post }: { post: FeedPost }) {
  return <AttachmentTiles attachments={post.attachments} locked={!!post.lock} call={<UnlockCall post={post} />} />;
}
