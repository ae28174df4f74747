import { REACTED_PAGE_SIZE, ReactedLists, type ReactedVideo } from "../components/account/ReactedLists.tsx";
import type { Page } from "../components/catalogue/usePagedList.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loadedGet } from "../lib/actions.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/account.watch-later";

export const handle = pages.accountWatchLater.handle;

const DESCRIPTION = msg("The movies you put aside to watch later.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Watch later"), t(DESCRIPTION));
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const videos = await loadedGet<Page<ReactedVideo>>(
    request,
    context,
    "/reactions/videos",
    { action: "watch_later", limit: REACTED_PAGE_SIZE },
    msg("Could not load your watch-later list."),
  );
  return { videos };
}

export default function WatchLaterPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <ReactedLists
      title={t("Watch later")}
      description={t(DESCRIPTION)}
      action="watch_later"
      videos={loaderData.videos}
    />
  );
}
