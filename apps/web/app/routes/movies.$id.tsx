import { IconMovie } from "@tabler/icons-react";
import { ComingSoon } from "../components/ComingSoon.tsx";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/movies.$id";

export const handle = pages.movie.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Movie", "Watch movies from the performers you follow.");

export default function MoviePage() {
  return (
    <ComingSoon
      icon={<IconMovie size={38} />}
      title="Movie"
      text="The movie catalogue is coming soon. This page will show the movie once it is available."
    />
  );
}
