import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { NEXT_UP_SECONDS, type NextUpMovie } from "./next-up.ts";
import styles from "./player.module.css";

/**
 * Shown over the player when the movie ends: the next movie's poster and title, and a countdown that opens it unless
 * the viewer cancels. "Play now" opens it at once.
 */
export function NextUp({ next, onCancel }: { next: NextUpMovie; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(NEXT_UP_SECONDS);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The keyboard lands on the choice (Cancel), so Enter or Esc keeps the viewer here.
    cancelRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (left <= 0) {
      navigate(next.href);
      return;
    }
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, navigate, next.href]);

  return (
    <section
      className={styles.nextUp}
      aria-labelledby="next-up-title"
      data-testid="next-up"
      onKeyDown={(e) => {
        if (e.key === "Escape") onCancel();
        // The player's shortcuts do not apply under the overlay.
        e.stopPropagation();
      }}
    >
      <div className={styles.nextUpCard}>
        {next.poster && (
          <img
            className={styles.nextUpPoster}
            src={next.poster.url}
            srcSet={next.poster.srcSet ?? undefined}
            sizes="240px"
            width={next.poster.width}
            height={next.poster.height}
            alt=""
          />
        )}
        <div className={styles.nextUpText}>
          <p className={styles.nextUpKicker} id="next-up-title">
            {t("Next up")}
          </p>
          <p className={styles.nextUpTitle}>{next.title}</p>
          <p className={styles.nextUpCount} data-testid="next-up-countdown">
            {t("Starts in {{seconds}} s", { seconds: left })}
          </p>
          <div className={styles.nextUpActions}>
            <Link to={next.href} className={styles.nextUpPlay}>
              {t("Play now")}
            </Link>
            <button ref={cancelRef} type="button" className={styles.nextUpCancel} onClick={onCancel}>
              {t("Cancel")}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
