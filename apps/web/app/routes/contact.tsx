import {
  Alert,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { Post } from "@marquee/contracts/content";
import { email } from "@marquee/contracts/users";
import { IconCircleCheck, IconMessageCircle } from "@tabler/icons-react";
import { useState } from "react";
import { z } from "zod";
import { useCaptcha } from "../components/Captcha.tsx";
import { PlainText } from "../components/catalogue/PlainText.tsx";
import styles from "../components/catalogue/sections.module.css";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { CAPTCHA_FIELD } from "../lib/captcha.ts";
import { setFieldErrors } from "../lib/form-errors.ts";
import { translatedResolver } from "../lib/form-i18n.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/contact";

export const handle = pages.contact.handle;

/** The `contact` page post, when there is one, is shown above the form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await sessionApi(request, context)
    .get<Post>("/posts/contact")
    .catch(() => null);
  return { intro: page?.content ?? null };
}

/**
 * Sends the message with the visitor's session, so a member's message says who sent it, and the captcha's token,
 * which the API verifies.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    send: (api, { name, email, subject, message, [CAPTCHA_FIELD]: captchaToken }) =>
      api.post<{ message: string }>("/contact", { name, email, subject, message, [CAPTCHA_FIELD]: captchaToken }),
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    metaT(matches).t("Contact us"),
    metaT(matches).t("Questions, feedback or a problem with your account? Send us a message."),
  );

const contactSchema = z.object({
  name: z.string().trim().min(1, msg("Name is required")).max(80),
  email,
  subject: z.string().trim().max(150),
  message: z.string().trim().min(10, msg("Message must be at least 10 characters")).max(5000),
});

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.user.current);
  const [sent, setSent] = useState<string | null>(null);
  const { run, busy } = useIntent();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { name: user.name ?? "", email: user.email ?? "", subject: "", message: "" },
    validate: translatedResolver(schemaResolver(contactSchema, { sync: true }), t),
  });
  const captcha = useCaptcha();

  const submit = form.onSubmit(async (values) => {
    const response = captcha.response();
    if (response === null) return;
    try {
      const res = await run<{ message: string } | null>("send", {
        name: values.name.trim(),
        email: values.email.trim(),
        ...(values.subject.trim() ? { subject: values.subject.trim() } : {}),
        message: values.message.trim(),
        [CAPTCHA_FIELD]: response,
      });
      setSent(res?.message || t("Thanks! We'll get back to you soon."));
      form.reset();
    } catch (error) {
      if (captcha.refused(error)) return;
      if (!setFieldErrors(form, error)) {
        notifications.show({ color: "red", title: t("Message not sent"), message: errorMessage(error) });
      }
    }
  });

  return (
    <Container size="lg">
      <Grid gap={48} align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <ThemeIcon size={56} radius="md" variant="light">
              <IconMessageCircle size={30} />
            </ThemeIcon>
            <Title order={1}>{t("Get in touch")}</Title>
            {loaderData.intro?.trim() ? (
              <PlainText text={loaderData.intro} className={styles.intro} testId="contact-intro" />
            ) : (
              <Text c="dimmed" size="lg">
                {t(
                  "Questions about your membership, a payment, or something that doesn't look right? Send us a message and the team will reply by email.",
                )}
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card shadow="sm">
            {sent ? (
              <Stack gap="md">
                <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
                  {sent}
                </Alert>
                <Group>
                  <Button variant="light" onClick={() => setSent(null)}>
                    {t("Send another message")}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <form onSubmit={submit} noValidate>
                <Stack gap="md">
                  <Grid>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput
                        label={t("Name")}
                        autoComplete="name"
                        key={form.key("name")}
                        {...form.getInputProps("name")}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <TextInput
                        label={t("Email")}
                        type="email"
                        autoComplete="email"
                        key={form.key("email")}
                        {...form.getInputProps("email")}
                      />
                    </Grid.Col>
                  </Grid>
                  <TextInput label={t("Subject")} key={form.key("subject")} {...form.getInputProps("subject")} />
                  <Textarea
                    label={t("Message")}
                    autosize
                    minRows={5}
                    maxRows={12}
                    key={form.key("message")}
                    {...form.getInputProps("message")}
                  />
                  {captcha.field}
                  <Group justify="flex-end">
                    <Button type="submit" loading={busy}>
                      {t("Send")}
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
