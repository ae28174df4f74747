import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { ReportItemKind } from "@marquee/contracts/reports";
import { IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { msg } from "../../i18n/i18n.ts";
import { Trans } from "../../i18n/Trans.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { CAPTCHA_FIELD } from "../../lib/captcha.ts";
import { setFieldErrors } from "../../lib/form-errors.ts";
import { emptyReport, REASON_OPTIONS, REPORT_PATH, type ReportFormValues, reportBody } from "../../lib/reports.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { useAppSelector } from "../../state/store.ts";
import { useCaptcha } from "../Captcha.tsx";

type Filed = { reference: string; dueAt: string; hidden: boolean };

/** The dialog's title and what it says of a hidden item, per kind (Spanish nouns have a gender). */
const REPORT_TITLE: Record<ReportItemKind, string> = {
  video: msg("Report this movie"),
  gallery: msg("Report this gallery"),
  product: msg("Report this product"),
  post: msg("Report this post"),
  performer: msg("Report this profile"),
  "feed-post": msg("Report this post"),
  message: msg("Report this message"),
};
const HIDDEN_TEXT: Record<ReportItemKind, string> = {
  video: msg("The movie is hidden from the site while we review it."),
  gallery: msg("The gallery is hidden from the site while we review it."),
  product: msg("The product is hidden from the site while we review it."),
  post: msg("The post is hidden from the site while we review it."),
  performer: msg("The profile is hidden from the site while we review it."),
  "feed-post": msg("The post is hidden from the site while we review it."),
  message: msg("The message is hidden while we review it."),
};

/** The DMCA notice's statutory fields (17 U.S.C. 512(c)(3)); the item itself is where the work appears. */
function DmcaFields({ form }: { form: ReturnType<typeof useForm<ReportFormValues>> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Textarea
        label={t("The copyrighted work")}
        description={t("What you own the rights to, and where the original is.")}
        autosize
        minRows={2}
        key={form.key("dmca.work")}
        {...form.getInputProps("dmca.work")}
      />
      <TextInput
        label={t("Your full name")}
        autoComplete="name"
        key={form.key("dmca.fullName")}
        {...form.getInputProps("dmca.fullName")}
      />
      <TextInput
        label={t("Postal address")}
        autoComplete="street-address"
        key={form.key("dmca.address")}
        {...form.getInputProps("dmca.address")}
      />
      <TextInput
        label={t("Phone")}
        type="tel"
        autoComplete="tel"
        key={form.key("dmca.phone")}
        {...form.getInputProps("dmca.phone")}
      />
      <Checkbox
        label={t(
          "I have a good-faith belief that this use is not authorised by the copyright owner, its agent or the law.",
        )}
        key={form.key("dmca.goodFaith")}
        {...form.getInputProps("dmca.goodFaith", { type: "checkbox" })}
      />
      <Checkbox
        label={t(
          "The information in this notice is accurate and, under penalty of perjury, I am the owner or authorised to act on the owner's behalf.",
        )}
        key={form.key("dmca.accuracy")}
        {...form.getInputProps("dmca.accuracy", { type: "checkbox" })}
      />
      <TextInput
        label={t("Signature")}
        description={t("Type your full name as above.")}
        key={form.key("dmca.signature")}
        {...form.getInputProps("dmca.signature")}
      />
    </Stack>
  );
}

/**
 * The report dialog (ReportButton.tsx loads it when the button is first pressed): a visitor gives an email address,
 * and the captcha when the site has one. The reporter gets a reference on screen (and by mail).
 */
export default function ReportDialog({
  kind,
  id,
  opened,
  onClose,
}: {
  kind: ReportItemKind;
  id: string;
  opened: boolean;
  onClose: () => void;
}) {
  const signedIn = useAppSelector((s) => s.auth.loggedIn);
  const [filed, setFiled] = useState<Filed | null>(null);
  const { run, busy } = useIntent(REPORT_PATH);
  const captcha = useCaptcha();
  const form = useForm<ReportFormValues>({ mode: "controlled", initialValues: emptyReport });
  const reason = form.getValues().reason;
  const { t } = useTranslation();

  const close = () => {
    onClose();
    setFiled(null);
    form.reset();
  };
  const submit = form.onSubmit(async (values) => {
    if (!values.reason) {
      form.setFieldError("reason", t("Choose a reason"));
      return;
    }
    // Said before sending; the API refuses a visitor's report without an address all the same.
    if (!signedIn && !values.email.trim()) {
      form.setFieldError("email", t("Give an email address so we can tell you the outcome"));
      return;
    }
    const response = captcha.response();
    if (response === null) return;
    try {
      const body = { ...reportBody(kind, id, values, signedIn), ...(response ? { [CAPTCHA_FIELD]: response } : {}) };
      setFiled(await run<Filed>("file", body));
    } catch (error) {
      if (captcha.refused(error)) return;
      if (!setFieldErrors(form, error)) {
        notifications.show({ color: "red", title: t("Report not sent"), message: errorMessage(error) });
      }
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t(REPORT_TITLE[kind])} size="lg">
      {filed ? (
        <Stack gap="md" data-testid="report-filed">
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            title={t("Thank you, we received your report")}
          >
            <Text>
              <Trans
                t={t}
                i18nKey={msg(
                  "Your reference is <ref/>. We sent it to your email address too, and will write when we have decided.",
                )}
                components={{ ref: <strong data-testid="report-reference">{filed.reference}</strong> }}
              />
            </Text>
            {filed.hidden && <Text mt="xs">{t(HIDDEN_TEXT[kind])}</Text>}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t("Close")}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Radio.Group label={t("What is wrong?")} key={form.key("reason")} {...form.getInputProps("reason")}>
              <Stack gap="xs" mt="xs">
                {REASON_OPTIONS.map((o) => (
                  <Radio key={o.value} value={o.value} label={t(o.label)} />
                ))}
              </Stack>
            </Radio.Group>
            {!signedIn && (
              <TextInput
                label={t("Your email address")}
                description={t("For your reference and our decision.")}
                type="email"
                autoComplete="email"
                key={form.key("email")}
                {...form.getInputProps("email")}
              />
            )}
            {reason === "copyright" && <DmcaFields form={form} />}
            {reason && reason !== "copyright" && (
              <Textarea
                label={reason === "other" ? t("What is the problem?") : t("Anything we should know (optional)")}
                autosize
                minRows={3}
                key={form.key("details")}
                {...form.getInputProps("details")}
              />
            )}
            {captcha.field}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("Cancel")}
              </Button>
              <Button type="submit" color="red" loading={busy}>
                {t("Send report")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
