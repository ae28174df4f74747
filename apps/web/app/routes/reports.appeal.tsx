import { Alert, Button, Card, Container, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { setFieldErrors } from "../lib/form-errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/reports.appeal";

export const handle = pages.reportAppeal.handle;

const DESCRIPTION = msg("Appeal our decision on a report you filed about content you appear in.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Appeal a decision"), t(DESCRIPTION));
};

export function loader({ request }: Route.LoaderArgs) {
  return { reference: new URL(request.url).searchParams.get("reference") ?? "" };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    appeal: (api, payload) => api.post<{ reference: string; dueAt: string }>("/reports/appeal", payload),
  });
}

/**
 * A person depicted appeals the dismissal of their report: the reference from the mail, the address it was filed
 * with, and why. The report goes back to the team, and the item is hidden again meanwhile.
 */
export default function ReportAppealPage({ loaderData }: Route.ComponentProps) {
  const { run, busy } = useIntent();
  const [done, setDone] = useState<string | null>(null);
  const { t } = useTranslation();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { reference: loaderData.reference, email: "", statement: "" },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const res = await run<{ reference: string; dueAt: string }>("appeal", values);
      setDone(res.reference);
    } catch (e) {
      if (!setFieldErrors(form, e))
        notifications.show({ color: "red", title: t("Appeal not sent"), message: errorMessage(e) });
    }
  });
  return (
    <Container size="sm">
      <Stack gap="lg">
        <Title order={1}>{t("Appeal a decision")}</Title>
        <Text c="dimmed">
          {t(DESCRIPTION)} {t("The item is hidden again while we look at it once more.")}
        </Text>
        <Card shadow="sm">
          {done ? (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="appeal-sent">
              {t("We received your appeal of {{reference}}. We will write to you when we have decided.", {
                reference: done,
              })}
            </Alert>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <TextInput
                  label={t("Reference")}
                  // i18n-exempt: the format of a reference
                  placeholder="R-XXXXXX"
                  key={form.key("reference")}
                  {...form.getInputProps("reference")}
                />
                <TextInput
                  label={t("The email address you reported with")}
                  type="email"
                  autoComplete="email"
                  key={form.key("email")}
                  {...form.getInputProps("email")}
                />
                <Textarea
                  label={t("Why our decision is wrong")}
                  autosize
                  minRows={4}
                  key={form.key("statement")}
                  {...form.getInputProps("statement")}
                />
                <Button type="submit" loading={busy} style={{ alignSelf: "flex-end" }}>
                  {t("Send appeal")}
                </Button>
              </Stack>
            </form>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
