import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { PerformerReport } from "@marquee/contracts/reports";
import { IconFlag } from "@tabler/icons-react";
import { Fragment, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { EditModal, ListPanel } from "../components/admin/ManageList.tsx";
import { StudioPage } from "../components/studio/StudioPage.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { Trans } from "../i18n/Trans.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, textOf } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { setFieldErrors } from "../lib/form-errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { ITEM_NOUNS, OUTCOME_LABELS, reasonLabel, STATUS_LABELS } from "../lib/reports.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio.reports";

export const handle = pages.studioReports.handle;

const DESCRIPTION = msg("Reports about your work that the site's team asks you about, and DMCA notices to answer.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Reports"), t(DESCRIPTION));
};
const enc = encodeURIComponent;

export async function loader({ request, context }: Route.LoaderArgs) {
  const list = await loaded(
    sessionApi(request, context).get<{ data: PerformerReport[] }>("/performer/reports"),
    msg("Could not load the reports."),
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
  const { t } = useTranslation();
  const submit = form.onSubmit(async (notice) => {
    try {
      await run("counter", { id: report._id, notice });
      notifications.show({ color: "teal", message: t("Your counter-notice is sent to the site's team.") });
      onDone();
    } catch (e) {
      if (!setFieldErrors(form, e)) notifications.show({ color: "red", message: errorMessage(e) });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {report.item.link
            ? t("The material: your {{noun}} “{{title}}”, removed from {{link}}.", {
                noun: t(ITEM_NOUNS[report.item.kind]),
                title: report.item.title,
                link: report.item.link,
              })
            : t("The material: your {{noun}} “{{title}}”, removed from the site.", {
                noun: t(ITEM_NOUNS[report.item.kind]),
                title: report.item.title,
              })}
        </Text>
        <Textarea
          label={t("Why it should not have been removed")}
          autosize
          minRows={3}
          key={form.key("explanation")}
          {...form.getInputProps("explanation")}
        />
        <TextInput label={t("Your full legal name")} key={form.key("fullName")} {...form.getInputProps("fullName")} />
        <TextInput label={t("Postal address")} key={form.key("address")} {...form.getInputProps("address")} />
        <TextInput label={t("Phone")} type="tel" key={form.key("phone")} {...form.getInputProps("phone")} />
        <Checkbox
          label={t(
            "I swear, under penalty of perjury, that I have a good-faith belief the material was removed as a result of mistake or misidentification.",
          )}
          key={form.key("mistake")}
          {...form.getInputProps("mistake", { type: "checkbox" })}
        />
        <Checkbox
          label={t(
            "I consent to the jurisdiction of the Federal District Court for my address (or, outside the US, any judicial district where the site may be found).",
          )}
          key={form.key("jurisdiction")}
          {...form.getInputProps("jurisdiction", { type: "checkbox" })}
        />
        <Checkbox
          label={t("I will accept service of process from the person who sent the notice, or their agent.")}
          key={form.key("acceptService")}
          {...form.getInputProps("acceptService", { type: "checkbox" })}
        />
        <TextInput
          label={t("Signature")}
          description={t("Type your full name as above.")}
          key={form.key("signature")}
          {...form.getInputProps("signature")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t("Send counter-notice")}
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
  const { t } = useTranslation();
  async function send() {
    try {
      await run("answer", { id: report._id, answer });
      notifications.show({ color: "teal", message: t("Your answer is sent to the site's team.") });
    } catch (e) {
      setError(errorMessage(e));
    }
  }
  return (
    <Stack gap="xs">
      <Textarea
        label={t("Your answer")}
        autosize
        minRows={2}
        value={answer}
        error={error}
        onChange={(e) => setAnswer(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button size="xs" loading={busy} onClick={() => void send()}>
          {t("Send answer")}
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
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <StudioPage title={t("Reports")} description={t(DESCRIPTION)}>
      <ListPanel
        label={t("Reports")}
        error={list.error && t(list.error)}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={rows.length}
        empty={{
          icon: IconFlag,
          message: t("Nothing to answer. The site's team will ask here if a report needs you."),
        }}
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
                      {t(reasonLabel(r.reason))}
                    </Badge>
                  </Group>
                  <Badge variant="light" color={r.outcome === "taken_down" ? "red" : "blue"}>
                    {t(r.status === "resolved" && r.outcome ? OUTCOME_LABELS[r.outcome] : STATUS_LABELS[r.status])}
                  </Badge>
                </Group>
                <Text size="sm">
                  <Trans
                    t={t}
                    i18nKey={msg("Your {{noun}}: <item/> · reported {{date}}")}
                    values={{ noun: t(ITEM_NOUNS[r.item.kind]), date: f.dateTime(r.createdAt) }}
                    components={{
                      // The title is the item's own text: a child of its element, never read as markup.
                      item: r.item.link ? (
                        <Anchor component={Link} to={r.item.link}>
                          {r.item.title}
                        </Anchor>
                      ) : (
                        // biome-ignore lint/complexity/noUselessFragments: Trans needs an element to put the title in
                        <Fragment>{r.item.title}</Fragment>
                      ),
                    }}
                  />
                </Text>
                {r.held && r.status !== "resolved" && (
                  <Alert color="orange" variant="light" p="xs">
                    {t("It is hidden from the site while the report is reviewed.")}
                  </Alert>
                )}
                {r.details && <Text size="sm">“{r.details}”</Text>}
                {r.dmca && (
                  <Text size="sm">
                    {t("DMCA notice from {{name}} about: {{work}}", { name: r.dmca.fullName, work: r.dmca.work })}
                  </Text>
                )}
                {r.resolution && <Text size="sm">{t("Decision: {{resolution}}", { resolution: r.resolution })}</Text>}
                {r.question && (
                  <Text size="sm">
                    <Text span fw={600} size="sm">
                      {t("The site's team asks:")}{" "}
                    </Text>
                    {r.question}
                  </Text>
                )}
                {r.answer && (
                  <Text size="sm">
                    <Text span fw={600} size="sm">
                      {t("You answered:")}{" "}
                    </Text>
                    {r.answer}
                  </Text>
                )}
                {r.status === "awaiting_performer" && <AnswerForm report={r} />}
                {r.counterNoticeAt && (
                  <Text size="sm">{t("Counter-notice sent {{date}}.", { date: f.dateTime(r.counterNoticeAt) })}</Text>
                )}
                {r.canCounter && (
                  <Group>
                    <Button size="xs" variant="default" onClick={() => setCountering(r)}>
                      {t("Send a counter-notice")}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      </ListPanel>
      <EditModal opened={!!countering} onClose={() => setCountering(null)} title={t("DMCA counter-notice")}>
        {countering && <CounterNoticeForm report={countering} onDone={() => setCountering(null)} />}
      </EditModal>
    </StudioPage>
  );
}
