import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Input,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AdminApplication, OwnVerification } from "@marquee/contracts/verification";
import { IconAlertCircle, IconId, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { api, errorMessage } from "../../lib/api.ts";
import { fieldErrorsFrom } from "../../lib/form-errors.ts";
import type { Country } from "../../lib/lookups.server.ts";
import {
  APPLY_IMAGES,
  applyProblems,
  canApply,
  STATUS_COLOUR,
  STATUS_LABEL,
  statusSentence,
} from "../../lib/verification.ts";

/** Where the viewer stands: a badge, a sentence, the refusal's reason. */
export function VerificationStatusCard({ verification }: { verification: OwnVerification }) {
  const { status } = verification;
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Card component="section" aria-labelledby="verification-status-title">
      <Stack gap="sm">
        <Group gap="sm">
          <IconShieldCheck size={22} />
          <Title order={2} fz="lg" id="verification-status-title">
            {t("Identity verification")}
          </Title>
          <Badge color={STATUS_COLOUR[status]} variant="light" data-testid="verification-status">
            {t(STATUS_LABEL[status])}
          </Badge>
        </Group>
        <Text size="sm">{statusSentence(verification, t, f.locale)}</Text>
        {status === "refused" && verification.refusalReason && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t("Reason given")}>
            <Text size="sm" data-testid="verification-refusal-reason">
              {verification.refusalReason}
            </Text>
          </Alert>
        )}
        {verification.application && (
          <Text size="xs" c="dimmed">
            {verification.application.reviewedAt
              ? t("Last application sent {{sent}}, reviewed {{reviewed}}.", {
                  sent: f.dateTime(verification.application.submittedAt),
                  reviewed: f.dateTime(verification.application.reviewedAt),
                })
              : t("Last application sent {{sent}}.", { sent: f.dateTime(verification.application.submittedAt) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** An application an admin files for someone else's account (the same form, the same checks, the same queue). */
export interface FilingFor {
  userId: string;
  name: string;
  onFiled: (application: AdminApplication) => void;
}

/**
 * The application: legal identity and three pictures, sent as one form; errors are shown on their fields. With
 * `filingFor`, an admin files it for that account (POST /admin/verifications) and is handed the pending application.
 */
export function ApplyForm({ countries, filingFor }: { countries: Country[]; filingFor?: FilingFor }) {
  const { revalidate } = useRevalidator();
  const [legalName, setLegalName] = useState("");
  const [dateOfBirth, setDateOfBirth] = useState("");
  const [country, setCountry] = useState<string | null>(null);
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const idPrefix = filingFor ? "file-for" : "apply";
  const { t } = useTranslation();

  const submit = async () => {
    const problems = applyProblems({ legalName, dateOfBirth, country: country ?? "", files }, !!filingFor, t);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setProgress(0);
    try {
      const sent = await api.upload<AdminApplication>(
        filingFor ? "/admin/verifications" : "/verification/applications",
        APPLY_IMAGES.map((i) => ({ fieldname: i.name, file: files[i.name] as File, filename: files[i.name]?.name })),
        {
          fields: {
            ...(filingFor ? { userId: filingFor.userId } : {}),
            legalName: legalName.trim(),
            dateOfBirth,
            country: country ?? "",
          },
          onProgress: setProgress,
        },
      );
      notifications.show({
        color: "teal",
        message: filingFor
          ? t("The application for {{name}} is waiting for review.", { name: filingFor.name })
          : t("Your application was sent for review."),
      });
      if (filingFor) filingFor.onFiled(sent);
      else void revalidate();
    } catch (e) {
      const fields = fieldErrorsFrom(e);
      setErrors(fields);
      if (!Object.keys(fields).length)
        notifications.show({ color: "red", title: t("Could not send the application"), message: errorMessage(e) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card component="section" aria-labelledby={`${idPrefix}-title`} withBorder={!!filingFor}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Group gap="sm">
            <IconId size={22} />
            <Title order={2} fz="lg" id={`${idPrefix}-title`}>
              {filingFor
                ? t("File the application for {{name}}", { name: filingFor.name })
                : t("Apply to be a verified performer")}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {filingFor
              ? t(
                  "Their legal name, date of birth and documents, as on their ID. The application waits in the review queue like any other, and another decision approves it.",
                )
              : t(
                  "Your legal name, date of birth and documents are seen only by the site's administrators, to check your identity and age; they are never shown on the site. Your stage name and profile stay as they are.",
                )}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label={t("Full legal name")}
              name="legalName"
              autoComplete="name"
              required
              value={legalName}
              onChange={(e) => setLegalName(e.currentTarget.value)}
              error={errors.legalName}
            />
            <TextInput
              label={t("Date of birth")}
              name="dateOfBirth"
              type="date"
              required
              value={dateOfBirth}
              onChange={(e) => setDateOfBirth(e.currentTarget.value)}
              error={errors.dateOfBirth}
            />
            <Select
              label={t("Country")}
              name="country"
              required
              searchable
              data={countries.map((c) => ({ value: c.code, label: c.name }))}
              value={country}
              onChange={setCountry}
              error={errors.country}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {APPLY_IMAGES.map((image) => (
              <Input.Wrapper
                key={image.name}
                label={t(image.label)}
                description={t(image.hint)}
                required
                error={errors[image.name]}
                labelProps={{ htmlFor: `${idPrefix}-${image.name}` }}
              >
                <input
                  id={`${idPrefix}-${image.name}`}
                  name={image.name}
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  className="marquee-file-input"
                  style={{ display: "block", marginTop: 6, maxWidth: "100%" }}
                  onChange={(e) => {
                    // Read now: the event's currentTarget is gone by the time React runs the updater (the page broke
                    // on the second file chosen).
                    const file = e.currentTarget.files?.[0] ?? null;
                    setFiles((f) => ({ ...f, [image.name]: file }));
                  }}
                />
              </Input.Wrapper>
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={progress !== null} leftSection={<IconShieldCheck size={16} />}>
              {progress !== null && progress < 100
                ? t("Sending… {{progress}}%", { progress })
                : filingFor
                  ? t("File application")
                  : t("Send application")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The status, and the form whenever the viewer may apply. */
export function VerificationPanel({
  verification,
  countries,
  error,
}: {
  verification: OwnVerification | null;
  countries: Country[];
  error: string | null;
}) {
  const { t } = useTranslation();
  if (!verification)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {t(error ?? "Could not load your verification.")}
      </Alert>
    );
  return (
    <Stack gap="xl">
      <VerificationStatusCard verification={verification} />
      {canApply(verification.status) && <ApplyForm countries={countries} />}
    </Stack>
  );
}
