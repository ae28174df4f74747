import { Card, Progress, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { goalPercent, type TipGoalAnswer, type TipGoalView } from "../../lib/tips.ts";
import { useSocket } from "../../realtime/SocketProvider.tsx";

/**
 * A performer's tip goal on their profile: its title and progress, moved live by the `tip-goal:progress` events of
 * their room (the page joins it with `useObjectRoom`). Nothing when they have no goal.
 */
export function TipGoalCard({ performerId, initial }: { performerId: string; initial: TipGoalView | null }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { socket } = useSocket();
  const [goal, setGoal] = useState(initial);
  useEffect(() => setGoal(initial), [initial]);
  useEffect(() => {
    if (!socket) return;
    const onProgress = (p: TipGoalAnswer) => {
      if (p.performerId === performerId) setGoal(p.goal);
    };
    socket.on("tip-goal:progress", onProgress);
    return () => {
      socket.off("tip-goal:progress", onProgress);
    };
  }, [socket, performerId]);
  if (!goal) return null;
  const percent = goalPercent(goal);
  return (
    <Card data-testid="tip-goal">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t("Tip goal")}
        </Title>
        <Text fw={600}>{goal.title}</Text>
        <Progress value={percent} color="teal" size="lg" aria-label={t("Tip goal")} />
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="tip-goal-progress">
          {t("{{progress}} of {{target}} ({{percent}}%)", {
            progress: f.price(goal.progress),
            target: f.price(goal.target),
            percent,
          })}
        </Text>
      </Stack>
    </Card>
  );
}
