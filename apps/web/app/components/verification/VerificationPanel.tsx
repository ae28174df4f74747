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
import type { OwnVerification } from "@marquee/contracts/verification";
import { IconAlertCircle, IconId, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { api, errorMessage } from "../../lib/api.ts";
import { fieldErrorsFrom } from "../../lib/form-errors.ts";
import { formatDateTime } from "../../lib/format.ts";
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
  return (
    <Card component="section" aria-labelledby="verification-status-title">
      <Stack gap="sm">
        <Group gap="sm">
          <IconShieldCheck size={22} />
          <Title order={2} fz="lg" id="verification-status-title">
            Identity verification
          </Title>
          <Badge color={STATUS_COLOUR[status]} variant="light" data-testid="verification-status">
            {STATUS_LABEL[status]}
          </Badge>
        </Group>
        <Text size="sm">{statusSentence(verification)}</Text>
        {status === "refused" && verification.refusalReason && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Reason given">
            <Text size="sm" data-testid="verification-refusal-reason">
              {verification.refusalReason}
            </Text>
          </Alert>
        )}
        {verification.application && (
          <Text size="xs" c="dimmed">
            Last application sent {formatDateTime(verification.application.submittedAt)}
            {verification.application.reviewedAt
              ? `, reviewed ${formatDateTime(verification.application.reviewedAt)}`
              : ""}
            .
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The application: legal identity and three pictures, sent as one form; errors are shown on their fields. */
export function ApplyForm({ countries }: { countries: Country[] }) {
  const { revalidate } = useRevalidator();
  const [legalName, setLegalName] = useState("");
  const [dateOfBirth, setDateOfBirth] = useState("");
  const [country, setCountry] = useState<string | null>(null);
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);

  const submit = async () => {
    const problems = applyProblems({ legalName, dateOfBirth, country: country ?? "", files });
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setProgress(0);
    try {
      await api.upload(
        "/verification/applications",
        APPLY_IMAGES.map((i) => ({ fieldname: i.name, file: files[i.name] as File, filename: files[i.name]?.name })),
        { fields: { legalName: legalName.trim(), dateOfBirth, country: country ?? "" }, onProgress: setProgress },
      );
      notifications.show({ color: "teal", message: "Your application was sent for review." });
      void revalidate();
    } catch (e) {
      const fields = fieldErrorsFrom(e);
      setErrors(fields);
      if (!Object.keys(fields).length)
        notifications.show({ color: "red", title: "Could not send the application", message: errorMessage(e) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="apply-title">
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
            <Title order={2} fz="lg" id="apply-title">
              Apply to be a verified performer
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Your legal name, date of birth and documents are seen only by the site's administrators, to check your
            identity and age; they are never shown on the site. Your stage name and profile stay as they are.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label="Full legal name"
              name="legalName"
              autoComplete="name"
              required
              value={legalName}
              onChange={(e) => setLegalName(e.currentTarget.value)}
              error={errors.legalName}
            />
            <TextInput
              label="Date of birth"
              name="dateOfBirth"
              type="date"
              required
              value={dateOfBirth}
              onChange={(e) => setDateOfBirth(e.currentTarget.value)}
              error={errors.dateOfBirth}
            />
            <Select
              label="Country"
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
                label={image.label}
                description={image.hint}
                required
                error={errors[image.name]}
                labelProps={{ htmlFor: `apply-${image.name}` }}
              >
                <input
                  id={`apply-${image.name}`}
                  name={image.name}
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  className="marquee-file-input"
                  style={{ display: "block", marginTop: 6, maxWidth: "100%" }}
                  onChange={(e) => {
                    // Read now: the event's currentTarget is null by the time React runs the updater.
                    const file = e.currentTarget.files?.[0] ?? null;
                    setFiles((f) => ({ ...f, [image.name]: file }));
                  }}
                />
              </Input.Wrapper>
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={progress !== null} leftSection={<IconShieldCheck size={16} />}>
              {progress !== null && progress < 100 ? `Sending… ${progress}%` : "Send application"}
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
  if (!verification)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {error ?? "Could not load your verification."}
      </Alert>
    );
  return (
    <Stack gap="xl">
      <VerificationStatusCard verification={verification} />
      {canApply(verification.status) && <ApplyForm countries={countries} />}
    </Stack>
  );
}
