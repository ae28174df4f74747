import { Badge, Button, Card, Code, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import type { AuditChange, AuditEntry, AuditPage } from "@marquee/contracts/audit";
import { IconDownload, IconFilterOff, IconHistory } from "@tabler/icons-react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { Emphasized, emphasisMark } from "../components/admin/Emphasized.tsx";
import { ListPanel } from "../components/admin/ManageList.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loaded } from "../lib/actions.server.ts";
import { AUDIT_FILTERS } from "../lib/audit.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.audit";

export const handle = pages.adminAudit.handle;

const DESCRIPTION = msg("Every administrator action: who did what, when, from which address, and what it changed.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Audit trail"), t(DESCRIPTION));
};

const PAGE_SIZE = 25;
type Filters = Partial<Record<(typeof AUDIT_FILTERS)[number], string>>;

/** The filters in the address, and `cursor` for older pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters: Filters = {};
  for (const key of AUDIT_FILTERS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const cursor = params.get("cursor") || undefined;
  const list = await loaded(
    sessionApi(request, context).get<AuditPage>("/admin/audit", { ...filters, cursor, limit: PAGE_SIZE }),
    msg("Could not load the audit trail."),
  );
  return { list, filters, paged: !!cursor };
}

/** A value as one line: text as it is, anything else as JSON; nothing as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function Changes({ changes }: { changes: AuditChange[] }) {
  const { t } = useTranslation();
  if (!changes.length) {
    return (
      <Text size="sm" c="dimmed">
        {t("No field changed.")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={240}>
      <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={4} data-testid="audit-changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("Field")}</Table.Th>
            <Table.Th>{t("Before")}</Table.Th>
            <Table.Th>{t("After")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c) => (
            <Table.Tr key={c.field}>
              <Table.Td>
                <Code>{c.field}</Code>
              </Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{shown(c.before)}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{shown(c.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const f = useFormat();
  const who = entry.actor ? (entry.actor.username ?? entry.actor._id) : t("The site (a job)");
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="audit-entry">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" tt="none" size="lg" data-testid="audit-action">
              {entry.action}
            </Badge>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {entry.subjectType}
              {entry.subjectId ? <Code ml={6}>{entry.subjectId}</Code> : null}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" component="time" dateTime={entry.at}>
            {f.dateTime(entry.at)}
          </Text>
        </Group>
        <Text size="sm">
          <Emphasized
            sentence={t("By {{who}}", { who: emphasisMark })}
            value={<strong data-testid="audit-actor">{who}</strong>}
          />
          {entry.ip ? (
            <Text span c="dimmed">
              {" "}
              {t("from {{ip}}", { ip: entry.ip })}
            </Text>
          ) : null}
        </Text>
        <Changes changes={entry.changes} />
      </Stack>
    </Card>
  );
}

export default function AdminAuditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const revalidator = useRevalidator();
  const loading = useNavigation().state === "loading";
  if (!isAdmin) return <AdminForbidden />;
  const { list, filters, paged } = loaderData;
  const rows = list.result?.data ?? [];
  const query = new URLSearchParams(filters as Record<string, string>);
  const older = list.result?.next ? `?${new URLSearchParams({ ...filters, cursor: list.result.next })}` : null;
  const filtered = Object.keys(filters).length > 0;

  return (
    <AdminPage
      title={t("Audit trail")}
      description={t(DESCRIPTION)}
      actions={
        <Button
          component="a"
          href={`/admin/audit/export.csv${query.size ? `?${query}` : ""}`}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
        >
          {t("Export CSV")}
        </Button>
      }
    >
      <Card padding="lg">
        <Form method="get" aria-label={t("Filter the audit trail")}>
          <Stack gap="md">
            <Group gap="md" align="flex-end" wrap="wrap">
              <TextInput
                name="actor"
                label={t("Who")}
                placeholder={t("Username")}
                defaultValue={filters.actor ?? ""}
                style={{ flex: "1 1 160px" }}
              />
              <TextInput
                name="action"
                label={t("Action")}
                placeholder={t("settings.update, or settings")}
                defaultValue={filters.action ?? ""}
                style={{ flex: "1 1 200px" }}
              />
              <TextInput
                name="subjectType"
                // Keyed "Audit subject": elsewhere "Subject" is a message's subject line.
                label={t("Audit subject", { defaultValue: "Subject" })}
                placeholder={t("setting, user, video…")}
                defaultValue={filters.subjectType ?? ""}
                style={{ flex: "1 1 160px" }}
              />
              <TextInput
                name="subjectId"
                label={t("Subject id")}
                placeholder={t("An id or key")}
                defaultValue={filters.subjectId ?? ""}
                style={{ flex: "1 1 160px" }}
              />
              <TextInput
                name="from"
                type="date"
                label={t("From")}
                defaultValue={filters.from ?? ""}
                style={{ flex: "1 1 150px" }}
              />
              <TextInput
                name="to"
                type="date"
                label={t("To")}
                defaultValue={filters.to ?? ""}
                style={{ flex: "1 1 150px" }}
              />
            </Group>
            <Group gap="sm">
              <Button type="submit" loading={loading}>
                {t("Filter")}
              </Button>
              {filtered && (
                <Button component={Link} to="/admin/audit" variant="subtle" leftSection={<IconFilterOff size={16} />}>
                  {t("Clear filters")}
                </Button>
              )}
            </Group>
          </Stack>
        </Form>
      </Card>
      <ListPanel
        label={t("Audit trail")}
        error={list.error}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={rows.length}
        empty={{
          icon: IconHistory,
          message: filtered ? t("Nothing matches these filters.") : t("No actions recorded yet."),
        }}
      >
        <Stack component="ol" gap="sm" p="md" m={0} style={{ listStyle: "none" }} aria-busy={loading}>
          {rows.map((entry) => (
            <Entry key={entry._id} entry={entry} />
          ))}
        </Stack>
      </ListPanel>
      {(older || paged) && (
        <Group justify="flex-end" gap="sm">
          {paged && (
            <Button component={Link} to={`/admin/audit${query.size ? `?${query}` : ""}`} variant="default">
              {t("Newest")}
            </Button>
          )}
          {older && (
            <Button component={Link} to={older} variant="default">
              {t("Older entries")}
            </Button>
          )}
        </Group>
      )}
    </AdminPage>
  );
}
