import {
  ActionIcon,
  Button,
  FileInput,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  CAPTION_LANGUAGES,
  CAPTION_MAX_BYTES,
  type Caption,
  type CaptionList,
  languageName,
} from "@marquee/contracts/captions";
import { IconFileText, IconTrash, IconUpload } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { api, errorMessage } from "../../lib/api.ts";
import { fieldErrorsFrom } from "../../lib/form-errors.ts";
import { formatBytes } from "../../lib/studio-media.ts";
import { useConfirm } from "../ConfirmDialog.tsx";

const LANGUAGE_OPTIONS = CAPTION_LANGUAGES.map((code) => ({ value: code, label: `${languageName(code)} (${code})` }));

/**
 * A movie's caption tracks in the studio: the list (label, language, size, delete) and the upload of a WebVTT file
 * in a language with an optional label. A language the movie has already is replaced by the new file.
 */
export function MovieCaptions({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const base = `/performer/assets/videos/${encodeURIComponent(videoId)}/captions`;
  const [captions, setCaptions] = useState<Caption[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [language, setLanguage] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [confirm, confirmDialog] = useConfirm();

  const load = useCallback(() => {
    api.get<CaptionList>(base).then(
      (list) => {
        setCaptions(list.data);
        setLoadError(null);
      },
      (e: unknown) => setLoadError(errorMessage(e)),
    );
  }, [base]);
  useEffect(load, [load]);

  const replacing = captions?.find((c) => c.language === language);

  const upload = async () => {
    const problems: Record<string, string> = {};
    if (!language) problems.language = t("Choose the language of the captions");
    if (!file) problems.file = t("Choose a WebVTT file (.vtt)");
    else if (file.size > CAPTION_MAX_BYTES) problems.file = t("The file is larger than 512 KB.");
    setErrors(problems);
    if (!language || !file || Object.keys(problems).length) return;
    setSaving(true);
    try {
      const fields: Record<string, string> = { language };
      if (label.trim()) fields.label = label.trim();
      const saved = await api.upload<Caption>(base, [{ fieldname: "file", file, filename: file.name }], { fields });
      notifications.show({ color: "teal", message: t("{{label}} captions uploaded.", { label: saved.label }) });
      setFile(null);
      setLabel("");
      setLanguage(null);
      load();
    } catch (e) {
      const byField = fieldErrorsFrom(e);
      // The file's refusal says what is wrong with it in a sentence: shown at the file.
      if (byField.file) byField.file = errorMessage(e);
      setErrors(byField);
      if (!Object.keys(byField).length)
        notifications.show({ color: "red", title: t("Could not upload the captions"), message: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  const remove = async (caption: Caption) => {
    const ok = await confirm({
      title: t("Delete these captions?"),
      message: t("Viewers will no longer be able to choose {{label}}.", { label: caption.label }),
      confirmLabel: t("Delete captions"),
    });
    if (!ok) return;
    try {
      await api.del(`${base}/${encodeURIComponent(caption._id)}`);
      notifications.show({ color: "teal", message: t("{{label}} captions deleted.", { label: caption.label }) });
      load();
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not delete the captions"), message: errorMessage(e) });
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="captions-title" data-testid="movie-captions">
      <Title order={3} fz="md" id="captions-title">
        {t("Captions")}
      </Title>
      <Text size="sm" c="dimmed">
        {t(
          "WebVTT files (.vtt) up to 512 KB, one per language. Viewers who may watch the movie can turn them on in the player.",
        )}
      </Text>
      {loadError && (
        <Text size="sm" c="red">
          {loadError}
        </Text>
      )}
      {captions && captions.length === 0 && <Text size="sm">{t("No captions yet.")}</Text>}
      {captions && captions.length > 0 && (
        <Table verticalSpacing={4} aria-label={t("Captions of this movie")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("Label")}</Table.Th>
              <Table.Th>{t("Language")}</Table.Th>
              <Table.Th>{t("Size")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("Actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {captions.map((c) => (
              <Table.Tr key={c._id} data-testid={`caption-${c.language}`}>
                <Table.Td>{c.label}</Table.Td>
                <Table.Td>
                  {languageName(c.language)} ({c.language})
                </Table.Td>
                <Table.Td>{formatBytes(c.sizeBytes)}</Table.Td>
                <Table.Td ta="right">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("Delete the {{label}} captions", { label: c.label })}
                    onClick={() => void remove(c)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label={t("Language")}
          placeholder={t("Choose")}
          data={LANGUAGE_OPTIONS}
          value={language}
          onChange={setLanguage}
          error={errors.language}
          searchable
          w={200}
          required
        />
        <TextInput
          label={t("Label (optional)")}
          placeholder={language ? languageName(language) : t("e.g. English (CC)")}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          error={errors.label}
          maxLength={60}
          w={200}
        />
        <FileInput
          label={t("WebVTT file")}
          accept=".vtt,text/vtt"
          value={file}
          onChange={setFile}
          error={errors.file}
          leftSection={<IconFileText size={16} />}
          clearable
          w={240}
          required
        />
      </Group>
      {replacing && (
        <Text size="xs" c="dimmed">
          {t("This replaces the current {{label}} captions.", { label: replacing.label })}
        </Text>
      )}
      <Group>
        <Button variant="light" leftSection={<IconUpload size={16} />} loading={saving} onClick={() => void upload()}>
          {t("Upload captions")}
        </Button>
      </Group>
      {confirmDialog}
    </Stack>
  );
}
