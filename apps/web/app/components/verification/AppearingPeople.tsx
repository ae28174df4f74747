import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Input,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AppearingPeople as People } from "@marquee/contracts/verification";
import { IconAlertCircle, IconFileCheck, IconTrash, IconUsers } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { api, errorMessage } from "../../lib/api.ts";
import { fieldErrorsFrom } from "../../lib/form-errors.ts";
import { PersonStanding } from "./PersonStanding.tsx";

const OTHER = "other";

function FileField({
  name,
  label,
  accept,
  error,
  onFile,
}: {
  name: string;
  label: string;
  accept: string;
  error?: string | undefined;
  onFile: (file: File | null) => void;
}) {
  return (
    <Input.Wrapper label={label} required error={error} labelProps={{ htmlFor: `release-${name}` }}>
      <input
        id={`release-${name}`}
        name={name}
        type="file"
        accept={accept}
        style={{ display: "block", marginTop: 6, maxWidth: "100%" }}
        onChange={(e) => onFile(e.currentTarget.files?.[0] ?? null)}
      />
    </Input.Wrapper>
  );
}

/** A release for someone in the item: their identity, ID images and consent (a PDF, or signed here). */
function ReleaseForm({ people, url, onSaved }: { people: People; url: string; onSaved: (p: People) => void }) {
  const needing = people.data.filter((p) => p.performerId && p.missing.length);
  const [who, setWho] = useState<string>(needing[0]?.performerId ?? OTHER);
  const [displayName, setDisplayName] = useState("");
  const [legalName, setLegalName] = useState("");
  const [dateOfBirth, setDateOfBirth] = useState("");
  const [consent, setConsent] = useState<"signed" | "pdf">("signed");
  const [consentName, setConsentName] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { t } = useTranslation();

  const save = async () => {
    setSaving(true);
    try {
      const fields: Record<string, string> = { legalName: legalName.trim(), dateOfBirth };
      if (who === OTHER) fields.displayName = displayName.trim();
      else fields.performerId = who;
      if (consent === "signed")
        Object.assign(fields, { consentName: consentName.trim(), consentAgreed: String(agreed) });
      const names =
        consent === "pdf" ? ["documentFront", "documentBack", "consentPdf"] : ["documentFront", "documentBack"];
      const parts = names.flatMap((n) =>
        files[n] ? [{ fieldname: n, file: files[n] as File, filename: files[n]?.name }] : [],
      );
      onSaved(await api.upload<People>(url, parts, { fields }));
      notifications.show({ color: "teal", message: t("The release is on record.") });
      setErrors({});
    } catch (e) {
      const fields = fieldErrorsFrom(e);
      setErrors(fields);
      if (!Object.keys(fields).length)
        notifications.show({ color: "red", title: t("Could not save the release"), message: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="release-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz="md" id="release-title">
            {t("Add a release")}
          </Title>
          <Select
            label={t("Who")}
            value={who}
            onChange={(v) => setWho(v ?? OTHER)}
            allowDeselect={false}
            data={[
              ...needing.map((p) => ({
                value: p.performerId as string,
                label: t("{{name}} (performer, not verified)", { name: p.name }),
              })),
              { value: OTHER, label: t("Someone without an account here") },
            ]}
            comboboxProps={{ withinPortal: true }}
          />
          {who === OTHER && (
            <TextInput
              label={t("Name shown in the studio")}
              description={t("A stage name or first name; the legal name stays private.")}
              required
              value={displayName}
              onChange={(e) => setDisplayName(e.currentTarget.value)}
              error={errors.displayName}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t("Full legal name")}
              required
              value={legalName}
              onChange={(e) => setLegalName(e.currentTarget.value)}
              error={errors.legalName}
            />
            <TextInput
              label={t("Date of birth")}
              type="date"
              required
              value={dateOfBirth}
              onChange={(e) => setDateOfBirth(e.currentTarget.value)}
              error={errors.dateOfBirth}
            />
            <FileField
              name="documentFront"
              label={t("ID document, front")}
              accept="image/png,image/jpeg,image/webp"
              error={errors.documentFront}
              onFile={(f) => setFiles((s) => ({ ...s, documentFront: f }))}
            />
            <FileField
              name="documentBack"
              label={t("ID document, back")}
              accept="image/png,image/jpeg,image/webp"
              error={errors.documentBack}
              onFile={(f) => setFiles((s) => ({ ...s, documentBack: f }))}
            />
          </SimpleGrid>
          <SegmentedControl
            aria-label={t("Consent")}
            value={consent}
            onChange={(v) => setConsent(v as "signed" | "pdf")}
            data={[
              { value: "signed", label: t("Sign here") },
              { value: "pdf", label: t("Upload a signed PDF") },
            ]}
            style={{ alignSelf: "flex-start" }}
          />
          {consent === "signed" ? (
            <Stack gap="xs">
              <Text size="sm">
                {t(
                  "I consent to appearing in this item, to its publication on this site and to its download by the site's members and buyers, and I confirm I was at least 18 years old when it was made.",
                )}
              </Text>
              <TextInput
                label={t("Type the full legal name to sign")}
                required
                value={consentName}
                onChange={(e) => setConsentName(e.currentTarget.value)}
                error={errors.consentName}
              />
              <Checkbox
                label={t("I agree to this consent and release")}
                checked={agreed}
                onChange={(e) => setAgreed(e.currentTarget.checked)}
                error={errors.consentPdf}
              />
            </Stack>
          ) : (
            <FileField
              name="consentPdf"
              label={t("Signed consent and release (PDF)")}
              accept="application/pdf"
              error={errors.consentPdf}
              onFile={(f) => setFiles((s) => ({ ...s, consentPdf: f }))}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={saving} leftSection={<IconFileCheck size={16} />}>
              {t("Save release")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * Everyone who appears in a movie or gallery (its performers, and people without an account), their releases,
 * and what keeps it from being published. Only the item's owner and admins reach it.
 */
export function AppearingPeoplePanel({ kind, itemId }: { kind: "video" | "gallery"; itemId: string }) {
  const base = `/performer/people/${kind}/${encodeURIComponent(itemId)}`;
  const [people, setPeople] = useState<People | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const f = useFormat();

  const load = useCallback(() => {
    api.get<People>(base).then(setPeople, (e: unknown) => setError(errorMessage(e)));
  }, [base]);
  useEffect(load, [load]);

  const remove = async (releaseId: string) => {
    try {
      await api.del(`${base}/releases/${encodeURIComponent(releaseId)}`);
      load();
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not remove the release"), message: errorMessage(e) });
    }
  };

  if (error)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {error}
      </Alert>
    );
  if (!people) return <Loader size="sm" aria-label={t("Loading the people in this item")} />;
  return (
    <Stack gap="md" data-testid="appearing-people">
      <Group gap="xs">
        <IconUsers size={18} />
        <Text size="sm">
          {t("Everyone who appears in it. Someone who is not a verified performer needs a release.")}
        </Text>
      </Group>
      {people.blockers.length > 0 && (
        <Alert color="orange" variant="light" title={t("Publishing waits for")} data-testid="people-blockers">
          <Stack gap={2}>
            {people.blockers.map((b) => (
              <Text size="sm" key={b}>
                {b}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Stack gap="xs">
        {people.data.map((p) => (
          <Group key={p.release?._id ?? p.performerId} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end">
                {p.name}
              </Text>
              {p.release && (
                <Text size="xs" c="dimmed">
                  {p.release.consent === "pdf"
                    ? t("Release: signed PDF · {{date}}", {
                        date: f.dateTime(p.release.signedAt ?? p.release.createdAt),
                      })
                    : t("Release: signed here by {{name}} · {{date}}", {
                        name: p.release.signedName,
                        date: f.dateTime(p.release.signedAt ?? p.release.createdAt),
                      })}
                </Text>
              )}
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <PersonStanding person={p} />
              {p.release && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={t("Remove the release of {{name}}", { name: p.name })}
                  onClick={() => void remove(p.release?._id as string)}
                >
                  <IconTrash size={14} />
                </Button>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
      <ReleaseForm key={people.data.length} people={people} url={`${base}/releases`} onSaved={setPeople} />
    </Stack>
  );
}
