import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { PerformerReport } from "@marquee/contracts/reports";
import { IconFlag } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { EditModal, ListPanel } from "../components/admin/ManageList.tsx";
import { StudioPage } from "../components/studio/StudioPage.tsx";
import { handleIntents, loaded, textOf } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { setFieldErrors } from "../lib/form-errors.ts";
import { formatDateTime } from "../lib/format.ts";
import { pageMeta } from "../lib/meta.ts";
import { ITEM_NOUNS, OUTCOME_LABELS, reasonLabel, STATUS_LABELS } from "../lib/reports.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio.reports";

export const handle = pages.studioReports.handle;

const DESCRIPTION = "Reports about your work that the site's team asks you about, and DMCA notices to answer.";
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Reports", DESCRIPTION);
const enc = encodeURIComponent;

export async function loader({ request, context }: Route.LoaderArgs) {
  const list = await loaded(
    sessionApi(request, context).get<{ data: PerformerReport[] }>("/performer/reports"),
    "Could not load the reports.",
  );
  return { list };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    answer: (api, p) => api.post(`/performer/reports/${enc(textOf(p, "id"))}/answer`, { answer: p.answer }),
    counter: (api, p) => api.post(`/performer/reports/${enc(textOf(p, "id"))}/counter-notice`, p.notice),
  });
}

const emptyCounter = {
  explanation: "",
  fullName: "",
  address: "",
  phone: "",
  mistake: false,
  jurisdiction: false,
  acceptService: false,
  signature: "",
};

/** The counter-notice's statutory fields (17 U.S.C. 512(g)(3)). */
function CounterNoticeForm({ report, onDone }: { report: PerformerReport; onDone: () => void }) {
  const { run, busy } = useIntent();
  const form = useForm({ mode: "uncontrolled", initialValues: emptyCounter });
  const submit = form.onSubmit(async (notice) => {
    try {
      await run("counter", { id: report._id, notice });
      notifications.show({ color: "teal", message: "Your counter-notice is sent to the site's team." });
      onDone();
    } catch (e) {
      if (!setFieldErrors(form, e)) notifications.show({ color: "red", message: errorMessage(e) });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          The material: your {ITEM_NOUNS[report.item.kind]} “{report.item.title}”, removed from{" "}
          {report.item.link ?? "the site"}.
        </Text>
        <Textarea
          label="Why it should not have been removed"
          autosize
          minRows={3}
          key={form.key("explanation")}
          {...form.getInputProps("explanation")}
        />
        <TextInput label="Your full legal name" key={form.key("fullName")} {...form.getInputProps("fullName")} />
        <TextInput label="Postal address" key={form.key("address")} {...form.getInputProps("address")} />
        <TextInput label="Phone" type="tel" key={form.key("phone")} {...form.getInputProps("phone")} />
        <Checkbox
          label="I swear, under penalty of perjury, that I have a good-faith belief the material was removed as a result of mistake or misidentification."
          key={form.key("mistake")}
          {...form.getInputProps("mistake", { type: "checkbox" })}
        />
        <Checkbox
          label="I consent to the jurisdiction of the Federal District Court for my address (or, outside the US, any judicial district where the site may be found)."
          key={form.key("jurisdiction")}
          {...form.getInputProps("jurisdiction", { type: "checkbox" })}
        />
        <Checkbox
          label="I will accept service of process from the person who sent the notice, or their agent."
          key={form.key("acceptService")}
          {...form.getInputProps("acceptService", { type: "checkbox" })}
        />
        <TextInput
          label="Signature"
          description="Type your full name as above."
          key={form.key("signature")}
          {...form.getInputProps("signature")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Send counter-notice
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AnswerForm({ report }: { report: PerformerReport }) {
  const { run, busy } = useIntent();
  const [answer, setAnswer] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function send() {
    try {
      await run("answer", { id: report._id, answer });
      notifications.show({ color: "teal", message: "Your answer is sent to the site's team." });
    } catch (e) {
      setError(errorMessage(e));
    }
  }
  return (
    <Stack gap="xs">
      <Textarea
        label="Your answer"
        autosize
        minRows={2}
        value={answer}
        error={error}
        onChange={(e) => setAnswer(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button size="xs" loading={busy} onClick={() => void send()}>
          Send answer
        </Button>
      </Group>
    </Stack>
  );
}

export default function StudioReportsPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const revalidator = useRevalidator();
  const [countering, setCountering] = useState<PerformerReport | null>(null);
  const rows = list.result?.data ?? [];
  return (
    <StudioPage title="Reports" description={DESCRIPTION}>
      <ListPanel
        label="Reports"
        error={list.error}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={rows.length}
        empty={{ icon: IconFlag, message: "Nothing to answer. The site's team will ask here if a report needs you." }}
      >
        <Stack gap="sm" p="sm">
          {rows.map((r) => (
            <Card key={r._id} withBorder data-testid={`studio-report-${r.reference}`}>
              <Stack gap="xs">
                <Group justify="space-between" gap="xs">
                  <Group gap="xs">
                    <Text fw={700} ff="monospace">
                      {r.reference}
                    </Text>
                    <Badge variant="light" color="gray">
                      {reasonLabel(r.reason)}
                    </Badge>
                  </Group>
                  <Badge variant="light" color={r.outcome === "taken_down" ? "red" : "blue"}>
                    {r.status === "resolved" && r.outcome ? OUTCOME_LABELS[r.outcome] : STATUS_LABELS[r.status]}
                  </Badge>
                </Group>
                <Text size="sm">
                  Your {ITEM_NOUNS[r.item.kind]}:{" "}
                  {r.item.link ? (
                    <Anchor component={Link} to={r.item.link}>
                      {r.item.title}
                    </Anchor>
                  ) : (
                    r.item.title
                  )}{" "}
                  · reported {formatDateTime(r.createdAt)}
                </Text>
                {r.held && r.status !== "resolved" && (
                  <Alert color="orange" variant="light" p="xs">
                    It is hidden from the site while the report is reviewed.
                  </Alert>
                )}
                {r.details && <Text size="sm">“{r.details}”</Text>}
                {r.dmca && (
                  <Text size="sm">
                    DMCA notice from {r.dmca.fullName} about: {r.dmca.work}
                  </Text>
                )}
                {r.resolution && <Text size="sm">Decision: {r.resolution}</Text>}
                {r.question && (
                  <Text size="sm">
                    <Text span fw={600} size="sm">
                      The site's team asks:{" "}
                    </Text>
                    {r.question}
                  </Text>
                )}
                {r.answer && (
                  <Text size="sm">
                    <Text span fw={600} size="sm">
                      You answered:{" "}
                    </Text>
                    {r.answer}
                  </Text>
                )}
                {r.status === "awaiting_performer" && <AnswerForm report={r} />}
                {r.counterNoticeAt && <Text size="sm">Counter-notice sent {formatDateTime(r.counterNoticeAt)}.</Text>}
                {r.canCounter && (
                  <Group>
                    <Button size="xs" variant="default" onClick={() => setCountering(r)}>
                      Send a counter-notice
                    </Button>
                  </Group>
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      </ListPanel>
      <EditModal opened={!!countering} onClose={() => setCountering(null)} title="DMCA counter-notice">
        {countering && <CounterNoticeForm report={countering} onDone={() => setCountering(null)} />}
      </EditModal>
    </StudioPage>
  );
}
