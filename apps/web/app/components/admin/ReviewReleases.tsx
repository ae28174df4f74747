import { Alert, Anchor, Button, Card, Group, Image, SimpleGrid, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { ReviewItem } from "@marquee/contracts/review";
import type { AppearingPeople, AppearingPerson } from "@marquee/contracts/verification";
import { IconAlertCircle, IconFileCertificate, IconId } from "@tabler/icons-react";
import { useState } from "react";
import { useFormat } from "../../i18n/format.ts";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { PersonStanding } from "../verification/PersonStanding.tsx";

/** A release's files as the API links them for a few minutes (GET …/releases/:id/files). */
export type ReleaseFileLinks = { data: { name: "documentFront" | "documentBack" | "consentPdf"; url: string }[] };

const FILE_LABEL = { documentFront: msg("ID document, front"), documentBack: msg("ID document, back") } as const;

/** One person's release: who signed what, and their ID documents behind a button (each opening is recorded). */
function Release({ item, person }: { item: ReviewItem; person: AppearingPerson }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { run, busy } = useIntent();
  const [files, setFiles] = useState<ReleaseFileLinks["data"] | null>(null);
  const release = person.release;
  if (!release) return null;
  const open = async () => {
    try {
      const links = await run<ReleaseFileLinks>("releaseFiles", {
        kind: item.kind,
        id: item._id,
        release: release._id,
      });
      setFiles(links.data);
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not open the documents"), message: errorMessage(e) });
    }
  };
  const pdf = files?.find((file) => file.name === "consentPdf");
  return (
    <Stack gap={6}>
      <Text size="sm">
        <b>{t("Legal name:")}</b> {release.legalName} · <b>{t("Date of birth:")}</b> {release.dateOfBirth}
      </Text>
      <Text size="sm">
        {release.consent === "pdf"
          ? t("Consent: a signed PDF.")
          : t("Consent signed here by {{name}} on {{date}}.", {
              name: release.signedName,
              date: f.dateTime(release.signedAt ?? release.createdAt),
            })}
      </Text>
      {files ? (
        <Stack gap={4} data-testid="release-documents">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {files.flatMap((file) =>
              file.name === "consentPdf"
                ? []
                : [
                    <a key={file.name} href={file.url} target="_blank" rel="noreferrer">
                      <Image src={file.url} alt={t(FILE_LABEL[file.name])} radius="sm" fit="contain" mah={200} />
                    </a>,
                  ],
            )}
          </SimpleGrid>
          {pdf && (
            <Anchor href={pdf.url} target="_blank" rel="noreferrer" size="sm">
              {t("Open the signed consent (PDF)")}
            </Anchor>
          )}
          <Text size="xs" c="dimmed">
            {t("These links stop working in a few minutes; opening the documents was recorded.")}
          </Text>
        </Stack>
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconId size={14} />}
          loading={busy}
          onClick={() => void open()}
          style={{ alignSelf: "flex-start" }}
          aria-label={t("Show the ID documents of {{name}}", { name: person.name })}
        >
          {t("Show ID documents")}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Everyone who appears in the item under review (issue 22, co-performers): each performer's standing, and for each
 * person with a release, its identity and consent, with the ID documents a click away. Products have no releases.
 */
export function ReviewReleases({
  item,
  people,
  error,
}: {
  item: ReviewItem;
  people: AppearingPeople | null;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" p="sm" data-testid="review-releases">
      <Group gap="xs" mb={4}>
        <IconFileCertificate size={18} aria-hidden />
        <Text fw={600} size="sm">
          {t("Releases")}
        </Text>
      </Group>
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {t(error)}
        </Alert>
      ) : !people ? (
        <Text size="sm" c="dimmed">
          {item.performers.length
            ? t("Everyone in this product: {{names}}.", { names: item.performers.map((p) => p.name).join(", ") })
            : t("Everyone in this product: no performer named.")}
        </Text>
      ) : (
        <Stack gap="sm">
          {people.blockers.map((b) => (
            <Alert key={b} color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
              {b}
            </Alert>
          ))}
          {people.data.map((person) => (
            <Stack
              key={person.release?._id ?? person.performerId}
              gap={4}
              data-testid="review-person"
              aria-label={person.name}
              component="section"
            >
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {person.name}
                </Text>
                <PersonStanding person={person} />
              </Group>
              <Release item={item} person={person} />
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
