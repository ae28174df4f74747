import { Card, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
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
      {STUDIO_SECTIONS.filter((s) => s.to !== "/studio").map(({ to, label, icon: Icon }) => {
        const count = countText(counts, to);
        return (
          <UnstyledButton key={to} component={Link} to={to} className="marquee-admin-card">
            <Card h="100%">
              <Stack gap="sm">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <Icon size={24} />
                </ThemeIcon>
                <Title order={2} fz="lg">
                  {label}
                </Title>
                {to !== "/studio/profile" &&
                  (counts ? (
                    count && (
                      <Text fw={700} fz="xl" data-testid={`studio-count-${label.toLowerCase()}`}>
                        {count}
                      </Text>
                    )
                  ) : (
                    <Skeleton h={28} w={100} />
                  ))}
                <Text c="dimmed" size="sm">
                  {descriptions[to]}
                </Text>
                <Text
                  c="var(--mantine-primary-color-light-color)"
                  fw={600}
                  size="sm"
                  style={{ display: "flex", alignItems: "center", gap: 4 }}
                >
                  Open {label.toLowerCase()} <IconChevronRight size={14} />
                </Text>
              </Stack>
            </Card>
          </UnstyledButton>
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
