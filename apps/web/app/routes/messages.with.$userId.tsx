import { Alert, Button, Container, Stack, Title } from "@mantine/core";
import type { Conversation } from "@marquee/contracts/messages";
import { Link, redirect } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import { errorMessage, translateError } from "../lib/api.ts";
import { conversationPath, MESSAGES_PATH } from "../lib/messages.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/messages.with.$userId";

export const handle = pages.messagesWith.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Messages"), t("A conversation in your messages."));
};

/**
 * The profile's "Message" link: opens (or finds) the member's conversation with that account and goes there, as one
 * page load on the server; the API's refusal (writing to oneself, to someone who is not a performer) shows here.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const c = await sessionApi(request, context).put<Conversation>(
      `/conversations/with/${encodeURIComponent(params.userId)}`,
      undefined,
      { forbiddenAsSaid: true },
    );
    return redirect(conversationPath(c._id));
  } catch (e) {
    return { error: errorMessage(e) };
  }
}

export default function OpenConversation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="sm">
      <Stack gap="md">
        <Title order={1}>{t("Messages")}</Title>
        <Alert color="red" role="alert" data-testid="message-open-error">
          {translateError(loaderData.error, t)}
        </Alert>
        <Button component={Link} to={MESSAGES_PATH} variant="default" w="fit-content">
          {t("All messages")}
        </Button>
      </Stack>
    </Container>
  );
}
