// The carousel's stylesheets with the page (its own, and the visually hidden text it has), so the carousel the server
// rendered is styled before its code has loaded (TopBanners).
import "@mantine/carousel/styles.css";
import "@mantine/core/styles/VisuallyHidden.css";
import { Container } from "@mantine/core";
import type { Banner } from "@marquee/contracts/content";
import type { HomePage as HomePageData } from "@marquee/contracts/pages";
import { lazy, memo, Suspense, useEffect } from "react";
import { Link } from "react-router";
import { BannerSlide } from "../components/catalogue/BannerSlide.tsx";
import { CardGrid } from "../components/catalogue/CardGrid.tsx";
import { ComingSoonRow } from "../components/catalogue/ComingSoon.tsx";
import { galleryCardData, performerCardData, videoCardData } from "../components/catalogue/card-data.ts";
import { GalleryCard } from "../components/catalogue/GalleryCard.tsx";
import { PerformerCard } from "../components/catalogue/PerformerCard.tsx";
import { PlainText } from "../components/catalogue/PlainText.tsx";
import { Section } from "../components/catalogue/Section.tsx";
import styles from "../components/catalogue/sections.module.css";
import { VideoCard } from "../components/catalogue/VideoCard.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { ifAnswered } from "../lib/catalogue.server.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { bannersReceived } from "../state/banners.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/home";

export const handle = pages.home.handle;

/**
 * One call: the API composes the sections (GET /pages/home) for this viewer. No answer from the API is the 503/504
 * page, as for the site's own calls; an error answer leaves the sections empty.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  // A member's "Continue watching" comes with the page (none for visitors).
  const page = await ifAnswered("GET /pages/home", api.get<HomePageData>("/pages/home"));
  return {
    continueWatching: (page?.continueWatching ?? []).map((w) => ({
      video: videoCardData(w.video),
      progress: w.duration ? w.position / w.duration : 0,
    })),
    banners: page?.banners ?? [],
    middleBanners: page?.middleBanners ?? [],
    // Only what the cards show: the home page stays light to render and to send.
    performers: (page?.performers ?? []).map(performerCardData),
    movies: (page?.movies ?? []).map(videoCardData),
    coming: (page?.coming ?? []).map(videoCardData),
    galleries: (page?.galleries ?? []).map(galleryCardData),
    intro: page?.intro ? { title: page.intro.title, summary: page.intro.summary, content: page.intro.content } : null,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaT(matches);
  return seoMeta(matches, {
    title: null,
    description: data?.intro?.summary || data?.intro?.content,
    fallbackDescription: t("Movies, galleries and exclusive content from the performers you follow."),
    image: data?.banners[0]?.image?.url ?? null,
  });
};

function Welcome() {
  const { t } = useTranslation();
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.data.siteName);
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  return (
    <div className={styles.banner} data-testid="home-welcome">
      <span className={styles.bannerShade} />
      <div className={styles.bannerText}>
        <h1 className={styles.bannerTitle}>{t("Welcome to {{siteName}}", { siteName })}</h1>
        <p className={styles.bannerDescription}>
          {t("Movies, galleries and exclusive drops from the performers you follow, all in one place.")}
        </p>
        <Link to={loggedIn ? "/movies" : "/auth/register"} className={styles.bannerCta}>
          {loggedIn ? t("Browse movies") : t("Create a free account")}
        </Link>
      </div>
    </div>
  );
}

const BannerCarousel = lazy(async () => ({
  default: (await import("../components/catalogue/BannerCarousel.tsx")).BannerCarousel,
}));

/**
 * The top banners. The carousel's code (embla and Mantine's carousel, some 10 KB compressed) is not part of the
 * page's first load: the server renders the carousel in full, and the browser shows that markup, styled by this
 * page's stylesheets, until the code has loaded and React hydrates it (a Suspense boundary still waiting for its
 * lazy component keeps what the server sent). Memoised so the page's own updates before then (the store's first
 * load of the banners, the same array) leave the boundary alone instead of making React render it afresh.
 */
const TopBanners = memo(function TopBanners({ banners, autoplayMs }: { banners: Banner[]; autoplayMs: number }) {
  const first = banners[0];
  return (
    <Suspense fallback={first ? <BannerSlide banner={first} first /> : null}>
      <BannerCarousel banners={banners} autoplayMs={autoplayMs} />
    </Suspense>
  );
});

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { banners, middleBanners, performers, movies, coming, galleries, intro, continueWatching } = loaderData;
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const autoplayMs = useAppSelector((s) => s.settings.data.bannerAutoplaySpeed);
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.data.siteName);
  const stored = useAppSelector((s) => s.banners.listBanners);

  // The server loaded the banners: they are the store's first load.
  useEffect(() => {
    dispatch(bannersReceived(banners));
  }, [dispatch, banners]);
  const shownBanners = stored.success ? stored.data : banners;

  return (
    <Container size="xl">
      <div className={styles.stack}>
        {shownBanners.length ? (
          <>
            <h1 className={styles.srOnlyHeading}>{siteName}</h1>
            <TopBanners banners={shownBanners} autoplayMs={autoplayMs} />
          </>
        ) : (
          <Welcome />
        )}

        {intro && <PlainText text={intro.content} className={styles.intro} testId="home-intro" />}

        {continueWatching.length > 0 && (
          <Section
            id="continue-watching"
            title={t("Continue watching")}
            more={{ to: "/account/history", label: t("History") }}
          >
            <CardGrid label={t("Continue watching")} testId="continue-watching">
              {continueWatching.map((w) => (
                <VideoCard key={w.video._id} video={w.video} progress={w.progress} />
              ))}
            </CardGrid>
          </Section>
        )}

        <Section
          id="featured-performers"
          title={t("Featured performers")}
          subtitle={t("The creators everyone is watching right now.")}
          more={{ to: "/performers?sort=popular", label: t("All performers") }}
        >
          <CardGrid
            variant="rail"
            label={t("Featured performers")}
            testId="featured-performers"
            empty={t("No performers yet.")}
          >
            {performers.map((p) => (
              <PerformerCard key={p._id} performer={p} />
            ))}
          </CardGrid>
        </Section>

        <Section id="latest-movies" title={t("Latest movies")} more={{ to: "/movies", label: t("All movies") }}>
          <CardGrid label={t("Latest movies")} testId="latest-movies" empty={t("No movies yet.")}>
            {movies.map((v) => (
              <VideoCard key={v._id} video={v} />
            ))}
          </CardGrid>
        </Section>

        <ComingSoonRow movies={coming} />

        {middleBanners.length > 0 && (
          <section aria-label={t("Promotions")} className={styles.middleBanners} data-testid="middle-banners">
            {middleBanners.map((banner) => (
              <BannerSlide key={banner._id} banner={banner} first={false} />
            ))}
          </section>
        )}

        <Section
          id="latest-galleries"
          title={t("Latest galleries")}
          more={{ to: "/galleries", label: t("All galleries") }}
        >
          <CardGrid label={t("Latest galleries")} testId="latest-galleries" empty={t("No galleries yet.")}>
            {galleries.map((g) => (
              <GalleryCard key={g._id} gallery={g} />
            ))}
          </CardGrid>
        </Section>
      </div>
    </Container>
  );
}
