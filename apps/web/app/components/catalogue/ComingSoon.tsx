import { useTranslation } from "../../i18n/use-translation.ts";
import { CardGrid } from "./CardGrid.tsx";
import { Section } from "./Section.tsx";
import { VideoCard, type VideoCardData } from "./VideoCard.tsx";

/** Announced movies in a row of their own (the newest lists leave them out); nothing when none are announced. */
export function ComingSoonRow({ movies }: { movies: VideoCardData[] }) {
  const { t } = useTranslation();
  if (movies.length === 0) return null;
  return (
    <Section id="coming-soon" title={t("Coming soon")} subtitle={t("Announced movies and the day they premiere.")}>
      <CardGrid label={t("Coming soon")} testId="coming-movies" empty={null}>
        {movies.map((v) => (
          <VideoCard key={v._id} video={v} />
        ))}
      </CardGrid>
    </Section>
  );
}
