import { Anchor, Badge, Button, Card, Group, Select, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AdminReport } from "@marquee/contracts/reports";
import { IconDownload, IconFlag } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { AdminPage } from "../components/admin/AdminPage.tsx";
import { EditModal, ListPanel } from "../components/admin/ManageList.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, type IntentHandler, loaded, textOf as payloadText } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { fieldErrorsFrom } from "../lib/form-errors.ts";
import { oneOf } from "../lib/list-params.ts";
import { adminMessagePath } from "../lib/messages.ts";
import { pageMeta } from "../lib/meta.ts";
import {
  dueLabel,
  ITEM_NOUNS,
  OUTCOME_LABELS,
  REPORT_EXPORT_PATH,
  reasonLabel,
  STATUS_LABELS,
} from "../lib/reports.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.reports";

export const handle = pages.adminReports.handle;

const DESCRIPTION = msg(
  "Reports of content, each due 7 business days after filing: take the item down, dismiss with a reason, or ask its performer.",
);
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Reports"), t(DESCRIPTION));
};

// "any" (not "all": the list params drop "all" from the address) shows every report.
const FILTERS = ["open", "awaiting_performer", "resolved", "any"] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = {
  open: msg("To decide"),
  awaiting_performer: msg("Waiting for the performer"),
  resolved: msg("Resolved"),
  any: msg("All"),
};
const enc = encodeURIComponent;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = oneOf<Filter>(params, "status", FILTERS, "open");
  const list = await loaded(
    sessionApi(request, context).get<{ data: AdminReport[]; total: number }>("/admin/reports", {
      status: status === "any" ? "all" : status,
      limit: 100,
    }),
    msg("Could not load the reports."),
  );
  return { list, status, now: new Date().toISOString() };
}

export function action({ request, context }: Route.ActionArgs) {
  const act =
    (what: string, field: string): IntentHandler =>
    (api, payload) =>
      api.post<AdminReport>(`/admin/reports/${enc(payloadText(payload, "id"))}/${what}`, { [field]: payload.text });
  return handleIntents(request, context, {
    takeDown: act("take-down", "reason"),
    dismiss: act("dismiss", "reason"),
    ask: act("ask", "question"),
  });
}

type Intent = "takeDown" | "dismiss" | "ask";
const DIALOG: Record<Intent, { title: string; label: string; button: string; done: string; color: string }> = {
  takeDown: {
    title: msg("Take the item down"),
    label: msg("Reason (its performer sees it; the reporter gets it by mail)"),
    button: msg("Take down"),
    done: msg("The item is taken down and the report resolved."),
    color: "red",
  },
  dismiss: {
    title: msg("Dismiss the report"),
    label: msg("Reason (the reporter gets it by mail)"),
    button: msg("Dismiss"),
    done: msg("The report is dismissed."),
    color: "blue",
  },
  ask: {
    title: msg("Ask the performer"),
    label: msg("Your question"),
    button: msg("Ask"),
    done: msg("The performer is asked."),
    color: "blue",
  },
};

/** One field of a notice (DMCA or counter-notice), as it was sent. */
function NoticeFields({ title, notice }: { title: string; notice: Record<string, unknown> }) {
  const { t } = useTranslation();
  const shown = Object.entries(notice).filter(([, v]) => typeof v === "string");
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {shown.map(([k, v]) => (
        <Text key={k} size="sm" style={{ overflowWrap: "anywhere" }}>
          <Text span c="dimmed" size="sm">
            {k}:{" "}
          </Text>
          {String(v)}
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        {t("Statements sworn: {{statements}}", {
          statements: Object.entries(notice)
            .filter(([, v]) => v === true)
            .map(([k]) => k)
            .join(", "),
        })}
      </Text>
    </Stack>
  );
}

function ReportCard({ r, now, onAct }: { r: AdminReport; now: Date; onAct: (intent: Intent) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const open = r.status !== "resolved";
  return (
    <Card withBorder radius="md" padding="md" data-testid={`report-${r.reference}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={700} ff="monospace">
                {r.reference}
              </Text>
              <Badge color={r.reason === "non_consent" || r.reason === "underage" ? "red" : "gray"} variant="light">
                {t(reasonLabel(r.reason))}
              </Badge>
              {r.held && open && (
                <Badge color="orange" variant="light">
                  {t("Hidden pending review")}
                </Badge>
              )}
            </Group>
            <Text size="sm">
              {t(ITEM_NOUNS[r.item.kind])}:{" "}
              {r.item.link ? (
                <Anchor
                  component={Link}
                  // A message opens for an admin only here, with the conversation around it.
                  to={r.item.kind === "message" ? adminMessagePath(r.item._id) : r.item.link}
                  style={{ overflowWrap: "anywhere" }}
                >
                  {r.item.title}
                </Anchor>
              ) : (
                r.item.title
              )}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            {open ? (
              <Badge
                color={r.overdue ? "red" : "blue"}
                variant={r.overdue ? "filled" : "light"}
                data-testid="report-due"
              >
                {r.overdue ? t("Overdue · ") : ""}
                {dueLabel(r.dueAt, now, t)}
              </Badge>
            ) : (
              <Badge color={r.outcome === "taken_down" ? "red" : "teal"} variant="light" data-testid="report-outcome">
                {t(r.outcome ? OUTCOME_LABELS[r.outcome] : STATUS_LABELS[r.status])}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              {t("Due {{date}}", { date: f.dateTime(r.dueAt) })}
            </Text>
          </Stack>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {r.reporterUserId
            ? t("Filed {{date}} by {{email}} (a member)", { date: f.dateTime(r.createdAt), email: r.reporterEmail })
            : t("Filed {{date}} by {{email}}", { date: f.dateTime(r.createdAt), email: r.reporterEmail })}{" "}
          · {t(STATUS_LABELS[r.status])}
        </Text>
        {r.details && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            “{r.details}”
          </Text>
        )}
        {r.dmca && <NoticeFields title={t("DMCA notice")} notice={r.dmca} />}
        {r.question && (
          <Text size="sm">
            <Text span fw={600} size="sm">
              {t("Asked the performer:")}{" "}
            </Text>
            {r.question}
          </Text>
        )}
        {r.question && (
          <Text size="sm" data-testid="report-answer">
            <Text span fw={600} size="sm">
              {t("Performer's answer:")}{" "}
            </Text>
            {r.answer ?? (
              <Text span c="dimmed" size="sm">
                {t("not yet")}
              </Text>
            )}
          </Text>
        )}
        {r.appeal && (
          <Text size="sm" data-testid="report-appeal">
            <Text span fw={600} size="sm">
              {t("Appeal ({{date}}):", { date: f.dateTime(r.appealedAt) })}{" "}
            </Text>
            {r.appeal}
          </Text>
        )}
        {r.counterNotice && <NoticeFields title={t("Counter-notice")} notice={r.counterNotice} />}
        {r.resolution && (
          <Text size="sm">
            <Text span fw={600} size="sm">
              {t("Decision:")}{" "}
            </Text>
            {r.resolution}
          </Text>
        )}
        {open && (
          <Group gap="xs">
            <Button size="xs" color="red" onClick={() => onAct("takeDown")}>
              {t("Take down")}
            </Button>
            <Button size="xs" variant="default" onClick={() => onAct("dismiss")}>
              {t("Dismiss")}
            </Button>
            {r.item.kind !== "post" && (
              <Button size="xs" variant="default" onClick={() => onAct("ask")}>
                {t("Ask the performer")}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export default function AdminReportsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, status, now } = loaderData;
  const { setFilter } = useListParams();
  const revalidator = useRevalidator();
  const { run, busy } = useIntent();
  const [acting, setActing] = useState<{ intent: Intent; report: AdminReport } | null>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const rows = list.result?.data ?? [];
  const month = now.slice(0, 7);

  async function confirm() {
    if (!acting) return;
    try {
      await run(acting.intent, { id: acting.report._id, text });
      notifications.show({ color: "teal", message: t(DIALOG[acting.intent].done) });
      setActing(null);
    } catch (e) {
      const fields = fieldErrorsFrom(e);
      setError(fields.reason ?? fields.question ?? errorMessage(e));
    }
  }
  const dialog = acting ? DIALOG[acting.intent] : null;

  return (
    <AdminPage title={t("Reports")} description={t(DESCRIPTION)}>
      <Card padding="lg">
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label={t("Show")}
            data={FILTERS.map((s) => ({ value: s, label: t(FILTER_LABELS[s]) }))}
            value={status}
            allowDeselect={false}
            onChange={(v) => setFilter("status", v ?? "open")}
            w={220}
          />
          <Button
            component="a"
            href={`${REPORT_EXPORT_PATH}?month=${month}`}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            {t("CSV of {{month}}", { month })}
          </Button>
        </Group>
      </Card>
      <ListPanel
        label={t("Reports")}
        error={list.error}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={rows.length}
        empty={{
          icon: IconFlag,
          message: status === "open" ? t("Nothing to decide. All quiet.") : t("No reports here."),
        }}
      >
        <Stack gap="sm" p="sm">
          {rows.map((r) => (
            <ReportCard
              key={r._id}
              r={r}
              now={new Date(now)}
              onAct={(intent) => {
                setActing({ intent, report: r });
                setText("");
                setError(null);
              }}
            />
          ))}
        </Stack>
      </ListPanel>
      <EditModal opened={!!acting} onClose={() => setActing(null)} title={dialog ? t(dialog.title) : ""}>
        {acting && dialog && (
          <Stack gap="md">
            <Text size="sm">
              {acting.report.reference} · {acting.report.item.title}
            </Text>
            <Textarea
              label={t(dialog.label)}
              autosize
              minRows={3}
              value={text}
              error={error}
              onChange={(e) => setText(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setActing(null)}>
                {t("Cancel")}
              </Button>
              <Button color={dialog.color} loading={busy} onClick={() => void confirm()}>
                {t(dialog.button)}
              </Button>
            </Group>
          </Stack>
        )}
      </EditModal>
    </AdminPage>
  );
}
