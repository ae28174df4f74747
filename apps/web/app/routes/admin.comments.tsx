import { Anchor, Badge, Button, Group, Select, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AdminComment, AdminCommentList } from "@marquee/contracts/comments";
import { IconMessageCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { DataTable, ListPanel, Pager, PersonCell, SearchFilters } from "../components/admin/ManageList.tsx";
import { useConfirm } from "../components/ConfirmDialog.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, type IntentHandler, loaded, textOf as payloadText } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import {
  COMMENT_KIND_LABELS,
  COMMENT_KINDS,
  type CommentKindFilter,
  MODERATION_FILTERS,
  MODERATION_LABELS,
  type ModerationFilter,
  reportSummary,
} from "../lib/comments.ts";
import { apiFilter, oneOf, pageOf, textOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import { COMMENT_FAILED } from "../state/comments.ts";
import type { Route } from "./+types/admin.comments";

export const handle = pages.adminComments.handle;

const DESCRIPTION = msg("Every comment on the site: what members reported, what is hidden, and what to do about it.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Comments"), t(DESCRIPTION));
};

const PAGE_SIZE = 20;
const enc = encodeURIComponent;

/** A page of comments by `status` (all, reported, hidden), `kind`, `q` and `page`, all in the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = oneOf<ModerationFilter>(params, "status", MODERATION_FILTERS, "all");
  const kind = oneOf<CommentKindFilter>(params, "kind", COMMENT_KINDS, "all");
  const page = pageOf(params);
  const list = await loaded(
    sessionApi(request, context).get<AdminCommentList>("/admin/comments", {
      q: textOf(params) || undefined,
      status,
      objectType: apiFilter(kind),
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    msg("Could not load the comments."),
  );
  return { list, status, kind, page };
}

export function action({ request, context }: Route.ActionArgs) {
  const moderate =
    (what: string): IntentHandler =>
    (api, payload) =>
      api.post<AdminComment>(`/admin/comments/${enc(payloadText(payload, "id"))}/${what}`);
  return handleIntents(request, context, {
    hide: moderate("hide"),
    unhide: moderate("unhide"),
    dismiss: moderate("dismiss-reports"),
    delete: (api, payload) => api.del(`/comments/${enc(payloadText(payload, "id"))}`),
  });
}

// "On" (what a comment is on) is keyed "Comments on": the other areas' "On" is a switch's state.
type Intent = "hide" | "unhide" | "dismiss" | "delete";
const DONE: Record<Intent, string> = {
  hide: msg("The comment is hidden."),
  unhide: msg("The comment is shown again."),
  dismiss: msg("Its reports are dismissed."),
  delete: msg("Removed successfully!"),
};

export default function AdminCommentsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const isAdmin = useIsAdmin();
  const { search, setSearch, setFilter, setPage, loading } = useListParams();
  const revalidator = useRevalidator();
  const { run } = useIntent();
  const [confirm, dialog] = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);
  if (!isAdmin) return <AdminForbidden />;
  const { list, status, kind, page } = loaderData;
  const rows = list.result?.data ?? [];

  async function act(intent: Intent, c: AdminComment) {
    if (intent === "delete") {
      const ok = await confirm({
        title: t("Delete this comment?"),
        message:
          c.parentId === null && c.stats.replies > 0
            ? t("Its replies go with it. This cannot be undone.")
            : t("This cannot be undone."),
        confirmLabel: t("Delete"),
        color: "red",
      });
      if (!ok) return;
    }
    setBusy(`${intent}:${c._id}`);
    try {
      await run(intent, { id: c._id });
      notifications.show({ color: "teal", message: t(DONE[intent]) });
    } catch (e) {
      notifications.show({ color: "red", message: errorMessage(e, t(COMMENT_FAILED)) });
    } finally {
      setBusy(null);
    }
  }

  const button = (intent: Intent, c: AdminComment, label: string, color = "gray") => (
    <Button
      size="xs"
      variant={intent === "delete" ? "light" : "default"}
      color={color}
      loading={busy === `${intent}:${c._id}`}
      onClick={() => void act(intent, c)}
    >
      {label}
    </Button>
  );

  return (
    <AdminPage title={t("Comments")} description={t(DESCRIPTION)}>
      {dialog}
      <SearchFilters
        label={t("Search comments")}
        placeholder={t("Words in the comment")}
        value={search}
        onChange={setSearch}
      >
        <Select
          label={t("Show")}
          data={MODERATION_FILTERS.map((s) => ({ value: s, label: t(MODERATION_LABELS[s]) }))}
          value={status}
          allowDeselect={false}
          onChange={(v) => setFilter("status", v ?? "all")}
          w={180}
        />
        <Select
          label={t("Comments on", { defaultValue: "On" })}
          data={COMMENT_KINDS.map((k) => ({ value: k, label: t(COMMENT_KIND_LABELS[k]) }))}
          value={kind}
          allowDeselect={false}
          onChange={(v) => setFilter("kind", v ?? "all")}
          w={180}
        />
      </SearchFilters>
      <ListPanel
        label={t("Comments")}
        error={list.error}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={rows.length}
        empty={{
          icon: IconMessageCircle,
          message: status === "reported" ? t("No open reports. All quiet.") : t("No comments here."),
        }}
      >
        <DataTable
          label={t("Comments")}
          minWidth={960}
          busy={loading}
          columns={[
            { label: t("Author") },
            // Keyed "Comment text": elsewhere "Comment" is the button that posts one.
            { label: t("Comment text", { defaultValue: "Comment" }) },
            { label: t("Comments on", { defaultValue: "On" }) },
            { label: t("Reports") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {rows.map((c) => {
            const summary = reportSummary(c.reports, t);
            return (
              <Table.Tr key={c._id} data-testid={`comment-row-${c._id}`}>
                <Table.Td>
                  <PersonCell
                    avatar={c.author.avatar ?? ""}
                    name={c.author.name || c.author.username}
                    detail={`@${c.author.username}`}
                  />
                </Table.Td>
                <Table.Td maw={380}>
                  <Stack gap={4}>
                    <Text size="sm" lineClamp={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                      {c.content}
                    </Text>
                    <Group gap={6}>
                      <Text size="xs" c="dimmed">
                        {f.dateTime(c.createdAt)}
                        {c.parentId ? t(" · reply") : ""}
                        {c.editedAt ? t(" · edited") : ""}
                      </Text>
                      {c.hiddenAt && (
                        <Badge size="sm" color="gray" variant="light" data-testid="comment-hidden">
                          {t("Hidden")}
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {c.object ? (
                    <Anchor component={Link} to={c.object.link} size="sm" style={{ overflowWrap: "anywhere" }}>
                      {c.object.title}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t("An item since deleted")}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {t(COMMENT_KIND_LABELS[c.objectType])}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {summary ? (
                    <Stack gap={4}>
                      <Badge color="red" variant="light" miw="max-content" data-testid="comment-reports">
                        {summary}
                      </Badge>
                      {c.reportNotes.map((note, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: two reporters may write the same note
                        <Text key={i} size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                          “{note}”
                        </Text>
                      ))}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t("None")}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    {c.hiddenAt ? button("unhide", c, t("Show")) : button("hide", c, t("Hide"))}
                    {summary && button("dismiss", c, t("Dismiss"))}
                    {button("delete", c, t("Delete"), "red")}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      </ListPanel>
      <Pager total={list.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
    </AdminPage>
  );
}
