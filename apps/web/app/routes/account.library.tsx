import { Anchor, Badge, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { LibraryEntry, LibraryList } from "@marquee/contracts/library";
import { IconBooks } from "@tabler/icons-react";
import { Link, useRevalidator } from "react-router";
import { ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { type Format, useFormat } from "../i18n/format.ts";
import type { TFunction } from "../i18n/i18n.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loaded } from "../lib/actions.server.ts";
import { pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { LIBRARY_KIND } from "../lib/orders.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/account.library";

export const handle = pages.accountLibrary.handle;

const DESCRIPTION = msg("Everything you bought, the performers you subscribe to, and your membership.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("My library"), t(DESCRIPTION));
};

const PAGE_SIZE = 20;

/** A page of the member's own library, newest first (`page`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageOf(new URL(request.url).searchParams);
  const list = await loaded(
    sessionApi(request, context).get<LibraryList>("/users/me/library", {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    msg("Could not load your library."),
  );
  return { list, page };
}

/** What a subscription's line says of its end; nothing for a purchase. */
function standing(entry: LibraryEntry, t: TFunction, f: Format): { text: string; color: string } | null {
  if (!entry.status || !entry.expiresAt) return null;
  const date = f.date(entry.expiresAt);
  if (entry.status === "active") return { text: t("Active until {{date}}", { date }), color: "teal" };
  if (entry.status === "cancelled") return { text: t("Cancelled: access until {{date}}", { date }), color: "yellow" };
  return { text: t("Ended on {{date}}", { date }), color: "gray" };
}

function Entry({ entry }: { entry: LibraryEntry }) {
  const { t } = useTranslation();
  const f = useFormat();
  const state = standing(entry, t, f);
  const kind = LIBRARY_KIND[entry.kind];
  return (
    <Card component="li" withBorder data-testid="library-entry" data-kind={entry.kind}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 14rem" }}>
          <Anchor component={Link} to={entry.link} fw={600} style={{ overflowWrap: "anywhere" }}>
            {entry.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {entry.status
              ? t("Since {{date}}", { date: f.date(entry.acquiredAt) })
              : t("Bought on {{date}}", { date: f.date(entry.acquiredAt) })}
            {state ? ` · ${state.text}` : ""}
          </Text>
        </Stack>
        <Badge variant="light" color={state?.color ?? "indigo"}>
          {kind && t(kind)}
        </Badge>
      </Group>
    </Card>
  );
}

export default function AccountLibraryPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { setPage } = useListParams();
  const { t } = useTranslation();
  const { list, page } = loaderData;
  const entries = list.result?.data ?? [];
  return (
    <Container size="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("My library")}</Title>
          <Text c="dimmed">{t(DESCRIPTION)}</Text>
          <Anchor component={Link} to="/account" size="sm">
            {t("Back to my account")}
          </Anchor>
        </div>
        <ListPanel
          label={t("Library")}
          error={list.error && t(list.error)}
          onRetry={() => void revalidator.revalidate()}
          ready
          count={entries.length}
          empty={{
            icon: IconBooks,
            message: t("Nothing here yet. Movies, galleries and products you buy, and your subscriptions, show here."),
          }}
        >
          <Stack component="ul" gap="sm" p="md" m={0} style={{ listStyle: "none" }} aria-label={t("My library")}>
            {entries.map((e) => (
              <Entry key={e._id} entry={e} />
            ))}
          </Stack>
        </ListPanel>
        <Pager total={list.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
      </Stack>
    </Container>
  );
}
