import { Alert, Button, SimpleGrid, Stack, Text } from "@mantine/core";
import type { OwnVerification, VerificationStatus } from "@marquee/contracts/verification";
import { IconShieldCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { SectionCard } from "../components/admin/SectionPage.tsx";
import { STUDIO_SECTIONS, StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { type Format, useFormat } from "../i18n/format.ts";
import type { TFunction } from "../i18n/i18n.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { statusSentence } from "../lib/verification.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio";

export const handle = pages.studio.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Studio"), t("Publish movies and galleries and keep your performer profile up to date."));
};

const descriptions: Record<string, string> = {
  "/studio/movies": msg("Create movies, upload their files, teasers and thumbnails, and follow their processing."),
  "/studio/galleries": msg("Create galleries, upload photos in bulk, order them and pick the cover."),
  "/studio/products": msg("Sell physical goods with a stock, and digital files to download."),
  "/studio/posts": msg("Write posts for your profile and your followers' feeds: photos, videos and polls."),
  "/studio/vault": msg("Photos and videos you upload once and attach to posts and messages."),
  "/studio/messages": msg(
    "Mass messages to your fans, the welcome message new subscribers get, and who may write to you.",
  ),
  "/studio/profile": msg("Your cover, attributes, languages and subscription prices."),
  "/studio/earnings": msg("What your sales earned: totals, and every sale and refund."),
  "/studio/tips": msg("Your tip goal, and the tips members sent you with their messages."),
  "/studio/subscribers": msg("Who subscribes to you, and until when."),
  "/studio/followers": msg("Who follows you for free, and which of them also subscribe."),
  "/studio/orders": msg("What members bought from your store, and the parcels to ship."),
  "/studio/reports": msg("Reports about your work that the site's team asks you about, and DMCA notices to answer."),
  "/studio/verification": msg("Your identity verification: publishing and payouts wait for it."),
};

type Counts = {
  movies: number | null;
  galleries: number | null;
  products: number | null;
  verification: VerificationStatus | null;
};

/** How many movies, galleries and products the viewer has (null where the API did not say). */
export async function loader({ request, context }: Route.LoaderArgs): Promise<Counts> {
  const api = sessionApi(request, context);
  const total = (path: string) =>
    api
      .get<{ total: number }>(path, { limit: 1 })
      .then((r) => r.total)
      .catch(() => null);
  const [movies, galleries, products, verification] = await Promise.all([
    total("/performer/assets/videos/search"),
    total("/performer/assets/galleries/search"),
    total("/performer/assets/products/search"),
    api
      .get<OwnVerification>("/verification")
      .then((v) => v.status)
      .catch(() => null),
  ]);
  return { movies, galleries, products, verification };
}

function countText(counts: Counts, to: string, t: TFunction, f: Format): string | null {
  if (to === "/studio/movies" && counts.movies !== null) {
    return t("{{n}} movies", { count: counts.movies, n: f.number(counts.movies) });
  }
  if (to === "/studio/galleries" && counts.galleries !== null) {
    return t("{{n}} galleries", { count: counts.galleries, n: f.number(counts.galleries) });
  }
  if (to === "/studio/products" && counts.products !== null) {
    return t("{{n}} products", { count: counts.products, n: f.number(counts.products) });
  }
  return null;
}

function Overview({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {STUDIO_SECTIONS.filter((s) => s.to !== "/studio").map((section) => {
        const { to, label } = section;
        const count = countText(counts, to, t, f);
        return (
          <SectionCard
            key={to}
            section={{ ...section, label: t(label) }}
            description={descriptions[to] ? t(descriptions[to]) : ""}
            extra={
              to !== "/studio/profile" &&
              to !== "/studio/earnings" &&
              to !== "/studio/subscribers" &&
              to !== "/studio/orders" &&
              to !== "/studio/verification" &&
              count && (
                <Text fw={700} fz="xl" data-testid={`studio-count-${label.toLowerCase()}`}>
                  {count}
                </Text>
              )
            }
          />
        );
      })}
    </SimpleGrid>
  );
}

export default function StudioOverviewPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  const { t } = useTranslation();
  if (!role) return <StudioForbidden />;
  return (
    <StudioPage
      title={t("Studio")}
      description={t("Publish your movies and galleries and keep your profile up to date.")}
    >
      {loaderData.verification && loaderData.verification !== "approved" && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconShieldCheck size={18} />}
          title={t("Publishing waits for your verification")}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {statusSentence({ status: loaderData.verification, expiresAt: null, renewalRequested: false }, t)}{" "}
              {t("Your items stay drafts and payouts wait until then.")}
            </Text>
            <Button size="xs" component={Link} to="/studio/verification">
              {t("Open verification")}
            </Button>
          </Stack>
        </Alert>
      )}
      <Overview counts={loaderData} />
    </StudioPage>
  );
}
