import {
  REACTED_PAGE_SIZE,
  type ReactedGallery,
  ReactedLists,
  type ReactedVideo,
} from "../components/account/ReactedLists.tsx";
import type { Page } from "../components/catalogue/usePagedList.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loadedGet } from "../lib/actions.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/account.favourites";

export const handle = pages.accountFavourites.handle;

const DESCRIPTION = msg("The movies and galleries you marked as favourites.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("My favourites"), t(DESCRIPTION));
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = { action: "favourite", limit: REACTED_PAGE_SIZE };
  const [videos, galleries] = await Promise.all([
    loadedGet<Page<ReactedVideo>>(request, context, "/reactions/videos", query, msg("Could not load your movies.")),
    loadedGet<Page<ReactedGallery>>(
      request,
      context,
      "/reactions/galleries",
      query,
      msg("Could not load your galleries."),
    ),
  ]);
  return { videos, galleries };
}

export default function FavouritesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <ReactedLists
      title={t("My favourites")}
      description={t(DESCRIPTION)}
      action="favourite"
      videos={loaderData.videos}
      galleries={loaderData.galleries}
    />
  );
}
