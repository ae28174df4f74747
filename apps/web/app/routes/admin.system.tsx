import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { SystemFailure, SystemQueue, SystemStatus, SystemWorker } from "@marquee/contracts/system";
import { IconAlertCircle, IconCpu, IconRefresh } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { AdminPage } from "../components/admin/AdminPage.tsx";
import { type Format, useFormat } from "../i18n/format.ts";
import type { TFunction } from "../i18n/i18n.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loadedGet, textOf } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.system";

export const handle = pages.adminSystem.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("System"), t("The media workers, the job queues and their failures."));
};

/** How often the screen reads the status again while it is open. */
const REFRESH_MS = 5000;

export function loader({ request, context }: Route.LoaderArgs) {
  return loadedGet<SystemStatus>(
    request,
    context,
    "/admin/system",
    undefined,
    msg("Could not load the system status."),
  );
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    retry: (api, payload) =>
      api.post(
        `/admin/system/jobs/${encodeURIComponent(textOf(payload, "queue"))}/${encodeURIComponent(textOf(payload, "id"))}/retry`,
        {},
      ),
  });
}

/**
 * How long ago `iso` was, in seconds under a minute and minutes under an hour; null beyond, or before the page runs
 * in the browser (`now` null): the server's clock and the browser's differ, and relative text rendered on one would
 * not match the other's first render.
 */
function elapsed(iso: string, now: number | null): { unit: "s" | "min"; n: number } | null {
  if (now === null) return null;
  const s = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (s < 60) return { unit: "s", n: s };
  if (s < 3600) return { unit: "min", n: Math.round(s / 60) };
  return null;
}

/** "12 s ago", "3 min ago", or the date. */
function ago(t: TFunction, format: Format, iso: string, now: number | null): string {
  const e = elapsed(iso, now);
  if (!e) return format.dateTime(iso);
  return e.unit === "s" ? t("{{n}} s ago", { n: e.n }) : t("{{n}} min ago", { n: e.n });
}

/** "12 s", "3 min", or the date it began. */
function lasting(t: TFunction, format: Format, iso: string, now: number | null): string {
  const e = elapsed(iso, now);
  if (!e) return format.dateTime(iso);
  return e.unit === "s" ? t("{{n}} s", { n: e.n }) : t("{{n}} min", { n: e.n });
}

const QUEUE_LABELS: Record<string, string> = {
  "media.transcode": msg("Movie transcodes"),
  "media.teaser": msg("Teaser cuts"),
  "video.process": msg("Movies handed to workers"),
  "video.transcoded": msg("Transcode results"),
};

function WorkerCard({ worker, now }: { worker: SystemWorker; now: number | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = worker.alive ? "alive" : worker.stoppedAt ? "stopped" : "gone";
  return (
    <Card withBorder padding="md" data-testid="system-worker" data-state={state}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} truncate title={worker._id}>
            {/* i18n-exempt: a host name and a process id */}
            {worker.host} · pid {worker.pid}
          </Text>
          <Badge color={worker.alive ? "teal" : worker.stoppedAt ? "gray" : "red"} variant="light">
            {worker.alive ? t("Alive") : worker.stoppedAt ? t("Stopped") : t("Not seen")}
          </Badge>
        </Group>
        {worker.job ? (
          <Text size="sm" data-testid="system-worker-job" style={{ overflowWrap: "anywhere" }}>
            {worker.job.subject
              ? t("On {{queue}} of {{subject}}, for {{time}}", {
                  queue: t(QUEUE_LABELS[worker.job.queue] ?? worker.job.queue),
                  subject: worker.job.subject,
                  time: lasting(t, format, worker.job.startedAt, now),
                })
              : t("On {{queue}}, for {{time}}", {
                  queue: t(QUEUE_LABELS[worker.job.queue] ?? worker.job.queue),
                  time: lasting(t, format, worker.job.startedAt, now),
                })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" data-testid="system-worker-job">
            {worker.alive ? t("Idle, waiting for work") : t("No job")}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t("Last seen {{ago}} · {{done}} done · {{failed}} failed · started {{started}}", {
            ago: ago(t, format, worker.lastSeenAt, now),
            done: worker.jobsDone,
            failed: worker.jobsFailed,
            started: format.dateTime(worker.startedAt),
          })}
        </Text>
      </Stack>
    </Card>
  );
}

/** The queue table's "Failed" column is keyed "Failed jobs": elsewhere "Failed" is a file's processing state. */
function QueueTable({ queues }: { queues: SystemQueue[] }) {
  const { t } = useTranslation();
  if (!queues.length) return <Text c="dimmed">{t("No job has been queued yet.")}</Text>;
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="xs" horizontalSpacing="xs" aria-label={t("Queues")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("Queue")}</Table.Th>
            <Table.Th ta="right">{t("Waiting")}</Table.Th>
            <Table.Th ta="right">{t("Running")}</Table.Th>
            <Table.Th ta="right" title={t("Failed in the last 24 hours")}>
              {t("Failed jobs", { defaultValue: "Failed" })}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {queues.map((q) => (
            <Table.Tr key={q.name} data-testid={`system-queue-${q.name}`}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                <Text size="sm" fw={500}>
                  {t(QUEUE_LABELS[q.name] ?? q.name)}
                </Text>
                <Text size="xs" c="dimmed">
                  {q.name}
                  {q.heavy ? t(" · media workers") : ""}
                </Text>
              </Table.Td>
              <Table.Td ta="right" data-testid="waiting">
                {q.created + q.retry}
              </Table.Td>
              <Table.Td ta="right" data-testid="running">
                {q.active}
              </Table.Td>
              <Table.Td ta="right" c={q.failed ? "red" : undefined}>
                {q.failed}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FailureList({ failures }: { failures: SystemFailure[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { run } = useIntent();
  const [retrying, setRetrying] = useState<string | null>(null);
  if (!failures.length) return <Text c="dimmed">{t("No job failed in the last 7 days.")}</Text>;
  const retry = async (f: SystemFailure) => {
    setRetrying(f._id);
    try {
      await run("retry", { queue: f.queue, id: f._id });
      notifications.show({ color: "teal", message: t("The job will run again.") });
    } catch (error) {
      notifications.show({ color: "red", title: t("Could not run the job again"), message: errorMessage(error) });
    } finally {
      setRetrying(null);
    }
  };
  return (
    <Stack gap="sm">
      {failures.map((f) => (
        <Card key={f._id} withBorder padding="sm" data-testid="system-failure">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0, flex: "1 1 220px" }}>
              <Text size="sm" fw={600}>
                {t(QUEUE_LABELS[f.queue] ?? f.queue)}
              </Text>
              <Text size="sm" c="red" style={{ overflowWrap: "anywhere" }}>
                {f.error}
              </Text>
              {f.subject && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {f.subject}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t("{{date}} · {{n}} attempts", {
                  count: f.attempts,
                  n: f.attempts,
                  date: format.dateTime(f.failedAt),
                })}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              loading={retrying === f._id}
              onClick={() => void retry(f)}
            >
              {t("Run again")}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function SystemStatusView({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [now, setNow] = useState<number | null>(null);
  const { result: status, error } = data;
  // Read again every few seconds while the screen is open and visible.
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => {
      setNow(Date.now());
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t(error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void revalidator.revalidate()}>
            {t("Try again")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!status) return <Skeleton h={200} />;
  const alive = status.workers.filter((w) => w.alive).length;
  const onDemand = status.onDemandWorker;
  // The embedded database's worker stopped for want of work: as it should be, not missing.
  const idleStopped = onDemand !== null && !onDemand.running && alive === 0;
  const idlePeriod = onDemand
    ? onDemand.idleStopSeconds % 60 === 0
      ? t("{{n}} min", { n: onDemand.idleStopSeconds / 60 })
      : t("{{n}} s", { n: onDemand.idleStopSeconds })
    : "";
  return (
    <Stack gap="xl">
      <Card component="section" aria-labelledby="workers-title">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} fz="lg" id="workers-title">
              {t("Media workers")}
            </Title>
            {idleStopped ? (
              <Badge color="gray" variant="light" data-testid="workers-alive">
                {t("Started when media is waiting")}
              </Badge>
            ) : (
              <Badge color={alive ? "teal" : "red"} variant="light" data-testid="workers-alive">
                {t("{{n}} alive", { count: alive, n: alive })}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {status.mediaJobs === "worker"
              ? t(
                  "Transcodes and teasers run only in media workers. A worker unseen for three heartbeats ({{seconds}} s) is counted as gone.",
                  { seconds: status.heartbeatSeconds * 3 },
                )
              : t(
                  "Transcodes and teasers run in the API processes too (MEDIA_JOBS=inline). A worker unseen for three heartbeats ({{seconds}} s) is counted as gone.",
                  { seconds: status.heartbeatSeconds * 3 },
                )}
          </Text>
          {onDemand && (
            <Text size="sm" c="dimmed" data-testid="workers-on-demand">
              {t(
                "On the embedded database the API starts its media worker when media is waiting, and the worker stops after {{time}} without any.",
                { time: idlePeriod },
              )}
            </Text>
          )}
          {status.workers.length === 0 ? (
            <Group gap="xs" c="dimmed">
              <IconCpu size={20} aria-hidden />
              <Text c="dimmed">
                {onDemand
                  ? t("The media worker has not run in the last hour: no media was waiting.")
                  : t("No media worker was seen in the last hour: start one with npm run worker.")}
              </Text>
            </Group>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {status.workers.map((w) => (
                <WorkerCard key={w._id} worker={w} now={now} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Card>
      <Card component="section" aria-labelledby="queues-title">
        <Stack gap="md">
          <Title order={2} fz="lg" id="queues-title">
            {t("Queues")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("Jobs waiting and running now, and those that failed in the last 24 hours.")}
          </Text>
          <QueueTable queues={status.queues} />
        </Stack>
      </Card>
      <Card component="section" aria-labelledby="failures-title">
        <Stack gap="md">
          <Title order={2} fz="lg" id="failures-title">
            {t("Recent failures")}
          </Title>
          <FailureList failures={status.failures} />
        </Stack>
      </Card>
    </Stack>
  );
}

export default function AdminSystemPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("System")} description={t("The media workers, the job queues and what failed.")}>
      <SystemStatusView data={loaderData} />
    </AdminPage>
  );
}
