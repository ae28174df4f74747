import { Badge, Button, Group, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type AdminAsset, takedownBody } from "@marquee/contracts/admin-assets";
import { accessKinds, assetStatuses } from "@marquee/contracts/catalogue";
import { IconExternalLink } from "@tabler/icons-react";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import {
  type AssetEditValues,
  assetEditBody,
  assetEditErrors,
  assetEditValues,
  publicPath,
} from "../../lib/admin-assets.ts";
import { accessLabels, schemaErrors, statusColors, statusLabels } from "../../lib/studio.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { PriceInput } from "../studio/PriceInput.tsx";
import { Emphasized, emphasisMark } from "./Emphasized.tsx";
import { useFormSubmit } from "./use-manage.tsx";

/** What an admin does to one item of the catalogue: edit it, take it down, and its status at a glance. */

const processingNotes: Partial<Record<NonNullable<AdminAsset["processing"]>, string>> = {
  none: msg("No movie file yet"),
  pending: msg("Waiting to be processed"),
  processing: msg("Processing"),
  failed: msg("Processing failed"),
};

export function AssetEditForm({ asset, onSaved }: { asset: AdminAsset; onSaved: (asset: AdminAsset) => void }) {
  const { t } = useTranslation();
  const video = asset.kind === "video";
  const { run } = useIntent();
  const form = useForm<AssetEditValues>({
    initialValues: assetEditValues(asset),
    validate: (values) => assetEditErrors(values, asset.kind),
  });
  const { submit, saving } = useFormSubmit(
    form,
    async (values) => {
      const saved = await run<AdminAsset>("save", { kind: asset.kind, id: asset._id, body: assetEditBody(values) });
      form.resetDirty(values);
      onSaved(saved);
    },
    video ? t("Could not save the movie") : t("Could not save the gallery"),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={video ? t("Movie details") : t("Gallery details")}>
      <Stack gap="md">
        <TextInput label={t("Title")} required key={form.key("title")} {...form.getInputProps("title")} />
        <Select
          label={t("Status")}
          size="md"
          description={t("Only active items are listed on the site.")}
          data={assetStatuses.map((s) => ({ value: s, label: t(statusLabels[s]) }))}
          allowDeselect={false}
          key={form.key("status")}
          {...form.getInputProps("status")}
        />
        <Select
          label={t("Access")}
          size="md"
          description={video ? t("Who may watch the movie.") : t("Who may see the photos.")}
          data={accessKinds.map((a) => ({ value: a, label: t(accessLabels[a]) }))}
          allowDeselect={false}
          key={form.key("access")}
          {...form.getInputProps("access")}
        />
        {form.values.access === "sale" && <PriceInput key={form.key("price")} {...form.getInputProps("price")} />}
        <Group justify="space-between">
          <Button
            component={Link}
            to={publicPath(asset)}
            variant="subtle"
            rightSection={<IconExternalLink size={14} />}
          >
            {t("View on the site")}
          </Button>
          <Button type="submit" loading={saving}>
            {t("Save changes")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for the reason (required: the item's performers see it) and takes the item down. */
export function TakeDownForm({ asset, onDone }: { asset: AdminAsset; onDone: () => void }) {
  const { t } = useTranslation();
  const { run } = useIntent();
  const form = useForm({
    initialValues: { reason: "" },
    validate: (values) => schemaErrors(takedownBody, values),
  });
  const { submit, saving } = useFormSubmit(
    form,
    async ({ reason }) => {
      await run("takeDown", { kind: asset.kind, id: asset._id, reason: reason.trim() });
      notifications.show({ color: "teal", message: t("“{{title}}” is taken down.", { title: asset.title }) });
      onDone();
    },
    asset.kind === "video" ? t("Could not take the movie down") : t("Could not take the gallery down"),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t("Take down")}>
      <Stack gap="md">
        <Text size="sm">
          <Emphasized
            value={<b>{asset.title}</b>}
            sentence={t(
              "{{title}} disappears for members and visitors, whatever its status, until you restore it. Its performers still see it in their studio, with your reason.",
              { title: emphasisMark },
            )}
          />
        </Text>
        <Textarea
          label={t("Reason")}
          description={t("Shown to the performers.")}
          required
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
          key={form.key("reason")}
          {...form.getInputProps("reason")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t("Cancel")}
          </Button>
          <Button type="submit" color="red" loading={saving}>
            {t("Take down")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function StatusCell({ asset }: { asset: AdminAsset }) {
  const { t } = useTranslation();
  const f = useFormat();
  const note = asset.processing ? processingNotes[asset.processing] : undefined;
  return (
    <Stack gap={4} align="flex-start">
      <Badge variant="dot" color={statusColors[asset.status]}>
        {t(statusLabels[asset.status])}
      </Badge>
      {asset.takedown && (
        <>
          <Badge color="red" variant="light">
            {t("Taken down")}
          </Badge>
          <Text size="xs" c="dimmed" lineClamp={2} title={f.dateTime(asset.takedown.at)}>
            {asset.takedown.reason}
          </Text>
        </>
      )}
      {note && (
        <Text size="xs" c="dimmed">
          {t(note)}
        </Text>
      )}
    </Stack>
  );
}
