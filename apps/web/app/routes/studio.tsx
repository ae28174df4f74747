import { Alert, Button, SimpleGrid, Stack, Text } from "@mantine/core";
import type { OwnVerification, VerificationStatus } from "@marquee/contracts/verification";
import { IconShieldCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { SectionCard } from "../components/admin/SectionPage.tsx";
import { STUDIO_SECTIONS, StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { pageMeta } from "../lib/meta.ts";
import { sessionApi } from "../lib/session.server.ts";
import { countLabel } from "../lib/studio.ts";
import { statusSentence } from "../lib/verification.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio";

export const handle = pages.studio.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Studio", "Publish movies and galleries and keep your performer profile up to date.");

const descriptions: Record<string, string> = {
  "/studio/movies": "Create movies, upload their files, teasers and thumbnails, and follow their processing.",
  "/studio/galleries": "Create galleries, upload photos in bulk, order them and pick the cover.",
  "/studio/products": "Sell physical goods with a stock, and digital files to download.",
  "/studio/profile": "Your cover, attributes, languages and subscription prices.",
  "/studio/earnings": "What your sales earned: totals, and every sale and refund.",
  "/studio/subscribers": "Who subscribes to you, and until when.",
  "/studio/orders": "What members bought from your store, and the parcels to ship.",
  "/studio/reports": "Reports about your work that the site's team asks you about, and DMCA notices to answer.",
  "/studio/verification": "Your identity verification: publishing and payouts wait for it.",
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

function countText(counts: Counts, to: string): string | null {
  if (to === "/studio/movies" && counts.movies !== null) return countLabel(counts.movies, "movie", "movies");
  if (to === "/studio/galleries" && counts.galleries !== null) {
    return countLabel(counts.galleries, "gallery", "galleries");
  }
  if (to === "/studio/products" && counts.products !== null) return countLabel(counts.products, "product", "products");
  return null;
}

function Overview({ counts }: { counts: Counts }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {STUDIO_SECTIONS.filter((s) => s.to !== "/studio").map((section) => {
        const { to, label } = section;
        const count = countText(counts, to);
        return (
          <SectionCard
            key={to}
            section={section}
            description={descriptions[to] ?? ""}
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
  if (!role) return <StudioForbidden />;
  return (
    <StudioPage title="Studio" description="Publish your movies and galleries and keep your profile up to date.">
      {loaderData.verification && loaderData.verification !== "approved" && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconShieldCheck size={18} />}
          title="Publishing waits for your verification"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {statusSentence({ status: loaderData.verification, expiresAt: null, renewalRequested: false })} Your items
              stay drafts and payouts wait until then.
            </Text>
            <Button size="xs" component={Link} to="/studio/verification">
              Open verification
            </Button>
          </Stack>
        </Alert>
      )}
      <Overview counts={loaderData} />
    </StudioPage>
  );
}
