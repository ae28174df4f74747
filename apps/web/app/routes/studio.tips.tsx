import { Badge, Button, Card, Group, NumberInput, Progress, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconGift } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { DataTable, ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { fieldErrorsFrom } from "../lib/form-errors.ts";
import { pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { goalPercent, type TipGoalAnswer, type TipGoalView } from "../lib/tips.ts";
import { useIntent } from "../lib/use-intent.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio.tips";

export const handle = pages.studioTips.handle;

const DESCRIPTION = msg("Your tip goal, and the tips members sent you with their messages.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Tips"), t(DESCRIPTION));
};

const PAGE_SIZE = 20;

interface ReceivedTip {
  _id: string;
  from: string;
  amount: number;
  currency: string;
  message: string | null;
  status: "paid" | "refunded";
  source: string;
  createdAt: string;
}

/** The performer's goal and a page of the tips they received (`page`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const page = pageOf(new URL(request.url).searchParams);
  const [goal, list] = await Promise.all([
    loaded(api.get<TipGoalAnswer>("/tips/goal"), msg("Could not load your tip goal.")),
    loaded(
      api.get<{ data: ReceivedTip[]; total: number }>("/tips/performer", {
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      }),
      msg("Could not load your tips."),
    ),
  ]);
  return { goal, list, page };
}

/** Setting a goal (it replaces the active one) and ending it. */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    saveGoal: (api, { title, target }) => api.put("/tips/goal", { title, target }),
    endGoal: (api) => api.del("/tips/goal"),
  });
}

function GoalEditor({ goal }: { goal: TipGoalView | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { run, busy } = useIntent();
  const [title, setTitle] = useState(goal?.title ?? "");
  const [target, setTarget] = useState<number | string>(goal?.target ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setTitle(goal?.title ?? "");
    setTarget(goal?.target ?? "");
  }, [goal]);
  const save = async () => {
    setErrors({});
    try {
      await run("saveGoal", { title: title.trim(), target: typeof target === "number" ? target : Number(target) });
      notifications.show({ color: "teal", message: t("Your tip goal is saved.") });
    } catch (error) {
      const fields = fieldErrorsFrom(error);
      if (Object.keys(fields).length) setErrors(fields);
      else notifications.show({ color: "red", message: errorMessage(error, t("Could not save your tip goal.")) });
    }
  };
  const end = async () => {
    try {
      await run("endGoal");
      notifications.show({ color: "teal", message: t("Your tip goal has ended.") });
    } catch (error) {
      notifications.show({ color: "red", message: errorMessage(error, t("Could not end your tip goal.")) });
    }
  };
  return (
    <Card component="section" aria-labelledby="tip-goal-title" padding="md">
      <Stack gap="md">
        <Title order={2} fz="lg" id="tip-goal-title">
          {t("Tip goal")}
        </Title>
        {goal ? (
          <Stack gap={6} data-testid="studio-tip-goal">
            <Text fw={600}>{goal.title}</Text>
            <Progress value={goalPercent(goal)} color="teal" size="lg" aria-label={t("Tip goal")} />
            <Text size="sm" c="dimmed">
              {t("{{progress}} of {{target}} ({{percent}}%)", {
                progress: f.price(goal.progress),
                target: f.price(goal.target),
                percent: goalPercent(goal),
              })}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t("No goal now. Members see a goal's progress on your profile.")}
          </Text>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput
                label={t("What it is for")}
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                maxLength={80}
                required
                error={errors.title}
                data-testid="tip-goal-title"
              />
              <NumberInput
                label={t("Target")}
                value={target}
                onChange={setTarget}
                min={1}
                decimalScale={2}
                allowNegative={false}
                required
                error={errors.target}
                data-testid="tip-goal-target"
              />
            </Group>
            <Text size="sm" c="dimmed">
              {t("A new goal replaces the current one and counts the tips paid from now on.")}
            </Text>
            <Group gap="xs">
              <Button type="submit" loading={busy} data-testid="tip-goal-save">
                {goal ? t("Start a new goal") : t("Start the goal")}
              </Button>
              {goal && (
                <Button type="button" variant="default" color="red" disabled={busy} onClick={() => void end()}>
                  {t("End the goal")}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

export default function StudioTipsPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  const revalidator = useRevalidator();
  const { setPage } = useListParams();
  const { t } = useTranslation();
  const f = useFormat();
  if (!role) return <StudioForbidden />;
  const { goal, list, page } = loaderData;
  const rows = list.result?.data ?? [];
  return (
    <StudioPage title={t("Tips")} description={t(DESCRIPTION)}>
      <Stack gap="lg">
        {goal.result ? (
          <GoalEditor goal={goal.result.goal} />
        ) : (
          <Text c="red">{t(goal.error ?? "Could not load your tip goal.")}</Text>
        )}
        <ListPanel
          label={t("Tips received")}
          error={list.error && t(list.error)}
          onRetry={() => void revalidator.revalidate()}
          ready
          count={rows.length}
          empty={{
            icon: IconGift,
            message: t("No tips yet. Members tip you from your profile, movies and galleries."),
          }}
        >
          <DataTable
            label={t("Tips received")}
            minWidth={640}
            columns={[
              { label: t("Date") },
              { label: t("From") },
              { label: t("Amount"), right: true },
              { label: t("Message") },
            ]}
          >
            {rows.map((tip) => (
              <Table.Tr key={tip._id} data-testid="received-tip">
                <Table.Td>{f.date(tip.createdAt)}</Table.Td>
                <Table.Td>{tip.from}</Table.Td>
                <Table.Td ta="right">
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {tip.status === "refunded" && (
                      <Badge color="red" variant="light">
                        {t("Refunded")}
                      </Badge>
                    )}
                    {f.price(tip.amount)}
                  </Group>
                </Table.Td>
                <Table.Td>{tip.message ?? "—"}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </ListPanel>
        <Pager total={list.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
      </Stack>
    </StudioPage>
  );
}
