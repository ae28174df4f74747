import { Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import type { AdminConversation } from "@marquee/contracts/messages";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { AdminDetailPage } from "../components/admin/AdminPage.tsx";
import { MessageBubble } from "../components/messages/MessageBubble.tsx";
import styles from "../components/messages/messages.module.css";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loaded } from "../lib/actions.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { profilePath } from "../lib/social.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.messages.$id";

export const handle = pages.adminMessage.handle;

const TITLE = msg("Reported message");
const DESCRIPTION = msg("The conversation around a reported message: the only way an admin reads one.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t(TITLE), t(DESCRIPTION));
};

/** The messages around the reported one and the conversation's two sides (GET /admin/messages/:id/context). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const detail = await loaded(
    sessionApi(request, context).get<AdminConversation>(`/admin/messages/${encodeURIComponent(params.id)}/context`),
    msg("Could not load the conversation."),
  );
  return { detail };
}

function Context({ data }: { data: AdminConversation }) {
  const { t } = useTranslation();
  const reported = useRef<HTMLOListElement>(null);
  const names = new Map(
    [data.fan, data.performer].map((p) => [p._id, `${p.name || p.username} (@${p.username})`] as const),
  );
  // The reported message in sight, with the messages around it.
  useEffect(() => {
    reported.current?.querySelector("[data-reported]")?.scrollIntoView({ block: "center" });
  }, []);
  return (
    <Stack gap="md">
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          {t("Member")}: <strong>{names.get(data.fan._id)}</strong>
        </Text>
        <Text size="sm">
          {t("Performer")}:{" "}
          <Anchor component={Link} to={profilePath(data.performer.username)}>
            {names.get(data.performer._id)}
          </Anchor>
        </Text>
      </Group>
      <Paper withBorder radius="md" p="md">
        <ol className={styles.context} ref={reported} aria-label={t("Messages")} data-testid="message-context">
          {data.data.map((m) => (
            <MessageBubble
              key={m._id}
              message={m}
              sender={names.get(m.senderId) ?? t("A former member")}
              reported={m._id === data.reportedId}
            />
          ))}
        </ol>
      </Paper>
    </Stack>
  );
}

export default function AdminMessageRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminDetailPage
      title={t(TITLE)}
      description={t(DESCRIPTION)}
      back={{ to: "/admin/reports", label: t("All reports") }}
      detail={loaderData.detail}
    >
      {(data) => <Context data={data} />}
    </AdminDetailPage>
  );
}
