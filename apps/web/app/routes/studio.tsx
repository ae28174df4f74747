import { SimpleGrid, Skeleton, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { SectionCard } from "../components/admin/SectionPage.tsx";
import { STUDIO_SECTIONS, StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { api } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { countLabel } from "../lib/studio.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio";

export const handle = pages.studio.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Studio", "Publish movies and galleries and keep your performer profile up to date.");

const descriptions: Record<string, string> = {
  "/studio/movies": "Create movies, upload their files, teasers and thumbnails, and follow their processing.",
  "/studio/galleries": "Create galleries, upload photos in bulk, order them and pick the cover.",
  "/studio/profile": "Your cover, attributes, languages and subscription prices.",
};

type Counts = { movies: number | null; galleries: number | null };

function useCounts(): Counts | null {
  const [counts, setCounts] = useState<Counts | null>(null);
  useEffect(() => {
    let live = true;
    const total = (path: string) =>
      api
        .get<{ total: number }>(path, { limit: 1 })
        .then((r) => r.total)
        .catch(() => null);
    void Promise.all([total("/performer/assets/videos/search"), total("/performer/assets/galleries/search")]).then(
      ([movies, galleries]) => {
        if (live) setCounts({ movies, galleries });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return counts;
}

function countText(counts: Counts | null, to: string): string | null {
  if (!counts) return null;
  if (to === "/studio/movies" && counts.movies !== null) return countLabel(counts.movies, "movie", "movies");
  if (to === "/studio/galleries" && counts.galleries !== null) {
    return countLabel(counts.galleries, "gallery", "galleries");
  }
  return null;
}

function Overview() {
  const counts = useCounts();
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
              (counts ? (
                count && (
                  <Text fw={700} fz="xl" data-testid={`studio-count-${label.toLowerCase()}`}>
                    {count}
                  </Text>
                )
              ) : (
                <Skeleton h={28} w={100} />
              ))
            }
          />
        );
      })}
    </SimpleGrid>
  );
}

export default function StudioOverviewPage() {
  const role = useStudioRole();
  if (!role) return <StudioForbidden />;
  return (
    <StudioPage title="Studio" description="Publish your movies and galleries and keep your profile up to date.">
      <Overview />
    </StudioPage>
  );
}
