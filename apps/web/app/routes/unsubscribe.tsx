import { Button, Card, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconMailOff } from "@tabler/icons-react";
import { Form, useNavigation } from "react-router";
import { MailedLinkResult } from "../components/MailedLinkResult.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { serverApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/unsubscribe";

export const handle = pages.unsubscribe.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Unsubscribe"), t("Stop receiving the news digest by email."));
};

/** The link of a digest mail opened in a browser: nothing changes until the button is pressed. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/** The button: the same one-click unsubscribe the mail client's POST makes; the token alone is the proof. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { ok: false, message: msg("This unsubscribe link is incomplete.") };
  try {
    await serverApi(request, context, null).post("/news/unsubscribe", undefined, { query: { token } });
    return { ok: true, message: msg("You will no longer receive the news digest.") };
  } catch (error) {
    return { ok: false, message: errorMessage(error, msg("This unsubscribe link is not valid.")) };
  }
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (actionData) {
    return (
      <MailedLinkResult
        {...actionData}
        title={{ ok: t("Unsubscribed"), failed: t("Could not unsubscribe") }}
        testId="unsubscribe-result"
        next={{ to: "/", label: t("Go to the home page") }}
      />
    );
  }
  return (
    <Card w={460} maw="100%" shadow="md">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius={36} variant="light">
          <IconMailOff size={40} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          {t("Unsubscribe from the news digest")}
        </Title>
        <Text c="dimmed">
          {t("You will get no more mails of what is new. You can choose again in your account settings.")}
        </Text>
        <Form
          method="post"
          action={`/unsubscribe?token=${encodeURIComponent(loaderData.token)}`}
          style={{ width: "100%" }}
        >
          <Button
            type="submit"
            fullWidth
            size="md"
            loading={navigation.state === "submitting"}
            disabled={!loaderData.token}
            data-testid="unsubscribe-button"
          >
            {t("Unsubscribe")}
          </Button>
        </Form>
      </Stack>
    </Card>
  );
}
