import { Badge, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { FeedPostList, FollowState } from "@marquee/contracts/feed";
import type { PerformerPage as PerformerPageData } from "@marquee/contracts/pages";
import { IconMapPin, IconUserOff } from "@tabler/icons-react";
import { useEffect } from "react";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { DetailError } from "../components/browse/DetailError.tsx";
import { initials } from "../components/catalogue/CardImage.tsx";
import { PlainText } from "../components/catalogue/PlainText.tsx";
import styles from "../components/catalogue/sections.module.css";
import { Comments } from "../components/comments/Comments.tsx";
import { MessageButton } from "../components/messages/MessageButton.tsx";
import { ProfileTabs } from "../components/performers/ProfileTabs.tsx";
import { SubscribeBox } from "../components/performers/SubscribeBox.tsx";
import { ReactionButtons } from "../components/reactions/ReactionButtons.tsx";
import { ReportButton } from "../components/reports/ReportButton.tsx";
import { FollowButton } from "../components/social/FollowButton.tsx";
import { POSTS_PAGE_SIZE, performerPostsPath } from "../components/social/PostList.tsx";
import { TipButton } from "../components/tips/TipButton.tsx";
import { TipGoalCard } from "../components/tips/TipGoalCard.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { cachedLookup, optional, required } from "../lib/catalogue.server.ts";
import { ATTRIBUTE_FILTERS, optionText, type PerformerOptions } from "../lib/performer-filters.ts";
import { REPORT_PATH } from "../lib/report-path.ts";
import { metaT, seoMeta } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { SOCIAL_ACTION_PATH } from "../lib/social.ts";
import type { TipGoalAnswer } from "../lib/tips.ts";
import { pages } from "../pages.ts";
import { useObjectRoom, usePresence } from "../realtime/rooms.ts";
import { performerProfileReceived } from "../state/performerProfile.ts";
import { useAppDispatch } from "../state/store.ts";
import type { Route } from "./+types/performers.$username";

export const handle = pages.performer.handle;

const HOUR = 3_600_000;

/**
 * One call for the page (GET /pages/performers/:id: the profile, their newest movies, galleries and products); the attribute
 * names, countries and languages come from this process's hourly copies.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const client = sessionApi(request, context);
  const [page, options, countries, languages] = await Promise.all([
    required(
      client.get<PerformerPageData>(`/pages/performers/${encodeURIComponent(params.username)}`),
      "This performer does not exist or is no longer available.",
    ),
    optional(
      "GET /user-additional",
      cachedLookup("user-additional", HOUR, () => client.get<PerformerOptions>("/user-additional")),
    ),
    optional(
      "GET /countries/list",
      cachedLookup("countries", HOUR, () => client.get<Array<{ code: string; name: string }>>("/countries/list")),
    ),
    optional(
      "GET /languages/list",
      cachedLookup("languages", HOUR, () => client.get<Array<{ code: string; name: string }>>("/languages/list")),
    ),
  ]);
  const { performer, movies, galleries, products } = page;
  const id = encodeURIComponent(performer._id);
  // The performer's tip goal, if any (it moves live on the page: TipGoalCard), the viewer's follow, and their posts.
  const [tipGoal, follow, posts] = await Promise.all([
    optional("GET /tips/goal/:id", client.get<TipGoalAnswer>(`/tips/goal/${id}`)),
    optional("GET /follows/:id", client.get<FollowState>(`/follows/${id}`)),
    optional(
      "GET /feed-posts/performer/:id",
      client.get<FeedPostList>(performerPostsPath(performer._id), { limit: POSTS_PAGE_SIZE }),
    ),
  ]);
  // Names are looked up here so the server and the browser render the same words.
  // Labels are texts to translate; a height's option is kept so the page spells its edges in its language.
  const facts: Array<{ label: string; value: string; height?: { value: string; text: string } }> = [];
  if (performer.gender) {
    const text = options?.genders.find((o) => o.value === performer.gender)?.text;
    facts.push({ label: msg("Gender"), value: text ?? performer.gender });
  }
  for (const f of ATTRIBUTE_FILTERS) {
    const value = performer.attributes[f.param];
    if (!value) continue;
    const option = options?.[f.list].find((o) => o.value === value);
    if (option && f.list === "heights") facts.push({ label: f.label, value: option.text, height: option });
    else facts.push({ label: f.label, value: option?.text ?? value });
  }
  const languageNames = performer.languages.map((code) => languages?.find((l) => l.code === code)?.name ?? code);
  if (languageNames.length) facts.push({ label: msg("Languages"), value: languageNames.join(", ") });
  const countryName = performer.country
    ? (countries?.find((c) => c.code === performer.country)?.name ?? performer.country)
    : null;
  const followState = follow ?? { performerId: performer._id, following: false, followers: performer.stats.followers };
  return {
    performer,
    movies,
    galleries,
    products,
    posts,
    follow: followState,
    facts,
    countryName,
    tipGoal: tipGoal?.goal ?? null,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const p = data?.performer;
  const { t } = metaT(matches);
  return seoMeta(matches, {
    title: p ? p.name : t("Performer"),
    description: p?.bio,
    fallbackDescription: p
      ? t("Movies, galleries and more from {{name}} (@{{username}}).", { name: p.name, username: p.username })
      : "",
    image: p ? (p.coverImage?.url ?? p.cover ?? p.avatar) : null,
    type: "profile",
  });
};

/** Switching tabs only changes `?tab=`: the profile and both first pages are already here. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
  formMethod,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction === REPORT_PATH || formAction === SOCIAL_ACTION_PATH) return false;
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const strip = (u: URL) => {
    const s = new URLSearchParams(u.search);
    s.delete("tab");
    return s.toString();
  };
  if (currentParams.username === nextParams.username && strip(currentUrl) === strip(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export default function PerformerPage({ loaderData }: Route.ComponentProps) {
  const { performer, movies, galleries, products, posts, follow, facts, countryName, tipGoal } = loaderData;
  const { t } = useTranslation();
  const f = useFormat();
  useObjectRoom("performer", performer._id);
  // Live for signed-in visitors (they have a socket); nothing is shown while it is not known.
  const online = usePresence(performer._id);
  const dispatch = useAppDispatch();

  useEffect(() => {
    dispatch(performerProfileReceived(performer));
  }, [dispatch, performer]);

  const cover = performer.coverImage;
  const stats = [
    { label: t("Movies"), value: performer.stats.videos },
    { label: t("Galleries"), value: performer.stats.galleries },
    { label: t("Fans"), value: performer.stats.subscribers },
    { label: t("Views"), value: performer.stats.views },
  ];

  return (
    <Container size="xl">
      <Stack gap="xl">
        <div>
          <div className={styles.cover}>
            {cover ? (
              <img
                src={cover.url}
                srcSet={cover.srcSet || undefined}
                sizes={cover.srcSet ? "(max-width: 88em) 100vw, 1320px" : undefined}
                width={cover.width || undefined}
                height={cover.height || undefined}
                alt=""
                fetchPriority="high"
              />
            ) : (
              performer.cover && <img src={performer.cover} alt="" width={1600} height={500} fetchPriority="high" />
            )}
          </div>
          <div className={styles.profileHead}>
            {performer.avatar ? (
              <img
                className={styles.avatar}
                src={performer.avatar}
                srcSet={performer.avatarSrcSet || undefined}
                sizes="144px"
                width={144}
                height={144}
                alt={t("{{name}}'s avatar", { name: performer.name })}
              />
            ) : (
              <span
                className={styles.avatar}
                role="img"
                aria-label={t("{{name}}'s avatar", { name: performer.name })}
                style={{ display: "grid", placeItems: "center", fontSize: 48, fontWeight: 800 }}
              >
                {initials(performer.name)}
              </span>
            )}
            <Stack gap={6} pb={8} style={{ flex: 1, minWidth: 220 }}>
              <Title order={1} className={styles.profileName}>
                {performer.name}
              </Title>
              <Group gap="md">
                <Text c="dimmed">@{performer.username}</Text>
                {performer.isSubscribed && (
                  <Badge color="green" size="lg" data-testid="subscribed-badge">
                    {t("Subscribed")}
                  </Badge>
                )}
                <span aria-live="polite">
                  {online && (
                    <Badge variant="dot" color="green" size="lg">
                      {t("Online")}
                    </Badge>
                  )}
                </span>
                {countryName && (
                  <Group gap={4} c="dimmed">
                    <IconMapPin size={16} />
                    <Text size="sm">{countryName}</Text>
                  </Group>
                )}
              </Group>
              <Group gap="xs" wrap="wrap">
                <FollowButton initial={follow} />
                <MessageButton userId={performer._id} />
                <ReactionButtons
                  key={performer._id}
                  objectType="performer"
                  objectId={performer._id}
                  flags={performer}
                  counts={performer.stats}
                />
                <TipButton performerId={performer._id} performerName={performer.name} source="profile" size="sm" />
                <ReportButton kind="performer" id={performer._id} />
              </Group>
            </Stack>
            <ul className={styles.statRow} aria-label={t("Stats")}>
              {stats.map((s) => (
                <li key={s.label} className={styles.stat}>
                  <span className={styles.statValue}>{f.count(s.value)}</span>
                  <span className={styles.statLabel}>{s.label}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className={styles.profileGrid}>
          <Stack gap="lg" className={styles.profileAside}>
            <SubscribeBox performer={performer} />
            <TipGoalCard performerId={performer._id} initial={tipGoal} />
            {facts.length > 0 && (
              <Card>
                <Title order={2} fz="h4" mb="sm">
                  {t("Details")}
                </Title>
                <dl className={styles.facts}>
                  {facts.map((fact) => (
                    <div key={fact.label} style={{ display: "contents" }}>
                      <dt>{t(fact.label)}</dt>
                      <dd>{fact.height ? optionText("heights", fact.height, t) : fact.value}</dd>
                    </div>
                  ))}
                </dl>
              </Card>
            )}
          </Stack>
          <Stack gap="lg" className={styles.profileMain}>
            {performer.bio?.trim() && (
              <section aria-labelledby="about-title">
                <Title order={2} fz="h3" id="about-title" mb="sm">
                  {t("About")}
                </Title>
                <PlainText text={performer.bio} className={styles.prose} testId="performer-bio" />
              </section>
            )}
            {performer.categories.length > 0 && (
              <Group gap="xs" aria-label={t("Categories")}>
                {performer.categories.map((c) => (
                  <Badge
                    key={c._id}
                    component={Link}
                    to={`/performers?category=${encodeURIComponent(c.slug)}`}
                    variant="light"
                    size="lg"
                    radius="sm"
                    style={{ cursor: "pointer", textTransform: "none" }}
                  >
                    {c.name}
                  </Badge>
                ))}
              </Group>
            )}
            <ProfileTabs
              performer={performer}
              movies={movies}
              galleries={galleries}
              products={products}
              posts={posts}
            />
            <Comments objectType="performer" objectId={performer._id} ownerIds={[performer._id]} />
          </Stack>
        </div>
      </Stack>
    </Container>
  );
}

/** Not found or failed, inside the site's header and footer like the movie and gallery pages. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  return (
    <DetailError
      error={error}
      icon={IconUserOff}
      noun="performer"
      listPath="/performers"
      listLabel={t("Browse performers")}
    />
  );
}
