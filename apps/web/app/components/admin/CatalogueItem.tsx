import { Badge, Button, Group, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type AdminAsset, takedownBody } from "@marquee/contracts/admin-assets";
import { accessKinds, assetStatuses } from "@marquee/contracts/catalogue";
import { IconExternalLink } from "@tabler/icons-react";
import { Link } from "react-router";
import {
  type AssetEditValues,
  assetEditBody,
  assetEditErrors,
  assetEditValues,
  kindLabels,
  publicPath,
} from "../../lib/admin-assets.ts";
import { formatDateTime } from "../../lib/format.ts";
import { accessLabels, schemaErrors, statusColors, statusLabels } from "../../lib/studio.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { PriceInput } from "../studio/PriceInput.tsx";
import { useFormSubmit } from "./use-manage.tsx";

/** What an admin does to one item of the catalogue: edit it, take it down, and its status at a glance. */
export const noun = (asset: AdminAsset) => (asset.kind === "video" ? "movie" : "gallery");

const processingNotes: Partial<Record<NonNullable<AdminAsset["processing"]>, string>> = {
  none: "No movie file yet",
  pending: "Waiting to be processed",
  processing: "Processing",
  failed: "Processing failed",
};

export function AssetEditForm({ asset, onSaved }: { asset: AdminAsset; onSaved: (asset: AdminAsset) => void }) {
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
    `Could not save the ${noun(asset)}`,
  );
  return (
    <form onSubmit={submit} noValidate aria-label={`${kindLabels[asset.kind]} details`}>
      <Stack gap="md">
        <TextInput label="Title" required key={form.key("title")} {...form.getInputProps("title")} />
        <Select
          label="Status"
          size="md"
          description="Only active items are listed on the site."
          data={assetStatuses.map((s) => ({ value: s, label: statusLabels[s] }))}
          allowDeselect={false}
          key={form.key("status")}
          {...form.getInputProps("status")}
        />
        <Select
          label="Access"
          size="md"
          description={`Who may ${asset.kind === "video" ? "watch the movie" : "see the photos"}.`}
          data={accessKinds.map((a) => ({ value: a, label: accessLabels[a] }))}
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
            View on the site
          </Button>
          <Button type="submit" loading={saving}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for the reason (required: the item's performers see it) and takes the item down. */
export function TakeDownForm({ asset, onDone }: { asset: AdminAsset; onDone: () => void }) {
  const { run } = useIntent();
  const form = useForm({
    initialValues: { reason: "" },
    validate: (values) => schemaErrors(takedownBody, values),
  });
  const { submit, saving } = useFormSubmit(
    form,
    async ({ reason }) => {
      await run("takeDown", { kind: asset.kind, id: asset._id, reason: reason.trim() });
      notifications.show({ color: "teal", message: `“${asset.title}” is taken down.` });
      onDone();
    },
    `Could not take the ${noun(asset)} down`,
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Take down">
      <Stack gap="md">
        <Text size="sm">
          <b>{asset.title}</b> disappears for members and visitors, whatever its status, until you restore it. Its
          performers still see it in their studio, with your reason.
        </Text>
        <Textarea
          label="Reason"
          description="Shown to the performers."
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
            Cancel
          </Button>
          <Button type="submit" color="red" loading={saving}>
            Take down
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function StatusCell({ asset }: { asset: AdminAsset }) {
  const note = asset.processing ? processingNotes[asset.processing] : undefined;
  return (
    <Stack gap={4} align="flex-start">
      <Badge variant="dot" color={statusColors[asset.status]}>
        {statusLabels[asset.status]}
      </Badge>
      {asset.takedown && (
        <>
          <Badge color="red" variant="light">
            Taken down
          </Badge>
          <Text size="xs" c="dimmed" lineClamp={2} title={formatDateTime(asset.takedown.at)}>
            {asset.takedown.reason}
          </Text>
        </>
      )}
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}
