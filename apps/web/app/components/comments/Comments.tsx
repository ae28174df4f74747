import { Title } from "@mantine/core";
import type { CommentObjectType } from "@marquee/contracts/comments";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import styles from "./comments.module.css";

// The list, the form and their Redux wiring load on their own chunk, in the browser, after the page shows.
const CommentsSection = lazy(() => import("./CommentsSection.tsx"));

/**
 * The comments under an item's page (movie, gallery, product, performer, post). It sits below the fold, so the
 * server renders only its heading and a reserved space; the list is read from the API in the browser.
 * `ownerIds`: the user ids of the item's performers, who may delete comments on it.
 */
export function Comments({
  objectType,
  objectId,
  ownerIds = [],
}: {
  objectType: CommentObjectType;
  objectId: string;
  ownerIds?: readonly string[];
}) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const placeholder = <div className={styles.placeholder} aria-hidden />;
  return (
    <section className={styles.section} aria-labelledby="comments-title" data-testid="comments">
      <Title order={2} id="comments-title" fz={24} mb="md">
        {t("Comments")}
      </Title>
      {mounted ? (
        <Suspense fallback={placeholder}>
          <CommentsSection key={objectId} objectType={objectType} objectId={objectId} ownerIds={ownerIds} />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}
