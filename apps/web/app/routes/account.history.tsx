import { Alert, Anchor, Button, Container, Group, Pagination, Stack, Text, Title } from "@mantine/core";
import type { WatchHistory } from "@marquee/contracts/watching";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useConfirm } from "../components/ConfirmDialog.tsx";
import { CardGrid } from "../components/catalogue/CardGrid.tsx";
import { videoCardData } from "../components/catalogue/card-data.ts";
import { VideoCard } from "../components/catalogue/VideoCard.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loadedGet, textOf } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/account.history";

export const handle = pages.accountHistory.handle;

/** How many movies a page of the history shows. */
export const HISTORY_PAGE_SIZE = 20;
const DESCRIPTION = msg("The movies you watched, the most recent first.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Watch history"), t(DESCRIPTION));
};

const pageOf = (request: Request) => {
  const n = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return Number.isInteger(n) && n >= 1 && n <= 5000 ? n : 1;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageOf(request);
  const history = await loadedGet<WatchHistory>(
    request,
    context,
    "/watching/history",
    { limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE },
    msg("Could not load your watch history."),
  );
  return { page, history };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    remove: (api, payload) => api.del(`/watching/history/${encodeURIComponent(textOf(payload, "videoId"))}`),
    clear: (api) => api.del("/watching/history"),
  });
}

export default function HistoryPage({ loaderData }: Route.ComponentProps) {
  const { page, history } = loaderData;
  const { run, busy } = useIntent();
  const [confirm, dialog] = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const { t } = useTranslation();
  const f = useFormat();
  const entries = history.result?.data ?? [];
  const total = history.result?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));

  const attempt = async (intent: string, payload?: Record<string, unknown>) => {
    setError(null);
    try {
      await run(intent, payload);
    } catch (e) {
      setError(errorMessage(e, t("Could not change your history, please try again.")));
    }
  };
  const clearAll = async () => {
    const ok = await confirm({
      title: t("Clear your watch history?"),
      message: t("Every movie leaves your history and Continue watching, and starts again from the beginning."),
      confirmLabel: t("Clear history"),
      cancelLabel: t("Keep history"),
    });
    if (ok) await attempt("clear");
  };

  return (
    <Container size="xl">
      <Stack gap="xl">
        <div>
          <Title order={1}>{t("Watch history")}</Title>
          <Text c="dimmed">{t(DESCRIPTION)}</Text>
          <Anchor component={Link} to="/account" size="sm">
            {t("Back to my account")}
          </Anchor>
        </div>
        {history.error && <Alert color="red">{t(history.error)}</Alert>}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {total > 0 && (
          <Group justify="space-between">
            <Text c="dimmed" size="sm" data-testid="history-count">
              {t("{{n}} movies", { count: total, n: total })}
            </Text>
            <Button variant="light" color="red" onClick={() => void clearAll()} disabled={busy}>
              {t("Clear history")}
            </Button>
          </Group>
        )}
        {!history.error && (
          <CardGrid label={t("Watch history")} testId="watch-history" empty={t("You have not watched any movies yet.")}>
            {entries.map((e) => (
              <div key={e.video._id} data-testid="history-entry">
                <VideoCard
                  video={videoCardData(e.video)}
                  progress={e.finished ? 1 : e.duration ? e.position / e.duration : 0}
                />
                <Group justify="space-between" mt={4}>
                  <Text size="sm" c="dimmed">
                    {e.finished
                      ? t("Watched {{date}}", { date: f.date(e.watchedAt) })
                      : t("Started {{date}}", { date: f.date(e.watchedAt) })}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    disabled={busy}
                    aria-label={t("Remove {{title}} from history", { title: e.video.title })}
                    onClick={() => void attempt("remove", { videoId: e.video._id })}
                  >
                    {t("Remove")}
                  </Button>
                </Group>
              </div>
            ))}
          </CardGrid>
        )}
        {pageCount > 1 && (
          <Pagination
            total={pageCount}
            value={page}
            onChange={(p) => void navigate(p === 1 ? "/account/history" : `/account/history?page=${p}`)}
            getControlProps={(control) => ({
              "aria-label": control === "previous" ? t("Previous page") : t("Next page"),
            })}
            getItemProps={(p) => ({ "aria-label": t("Page {{page}}", { page: p }) })}
          />
        )}
      </Stack>
      {dialog}
    </Container>
  );
}
