import { Input, MultiSelect, SegmentedControl, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { accessKinds, assetStatuses } from "@marquee/contracts/catalogue";
import { useId } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { type AssetStatus, accessLabels, type NumberValue, statusLabels } from "../../lib/studio.ts";
import type { Option } from "./options.ts";
import { PriceInput } from "./PriceInput.tsx";

/** What the details forms of movies, galleries and products have in common. */
export interface BaseValues {
  title: string;
  description: string;
  status: AssetStatus;
  categoryIds: string[];
  performerIds: string[];
}

export interface AssetValues extends BaseValues {
  tags: string[];
  access: (typeof accessKinds)[number];
  price: NumberValue;
}

/** The categories and performers (admins pick them) a studio form offers. */
export interface FieldChoices {
  categories: Option[];
  /** Admins pick the performers; null hides the field (a performer's own item). */
  performers: Option[] | null;
}

/** A labelled segmented control (a radio group) that shows its description and error like any input. */
export function Choice({
  label,
  description,
  data,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  description?: string;
  data: Option[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <div>
        <Input.Label labelElement="div" size="md" id={id}>
          {label}
        </Input.Label>
        {description && <Input.Description size="md">{description}</Input.Description>}
      </div>
      <SegmentedControl
        aria-labelledby={id}
        data={data}
        value={value}
        onChange={onChange}
        fullWidth
        disabled={disabled}
      />
      {error && <Input.Error size="md">{error}</Input.Error>}
    </Stack>
  );
}

/** The title (or name) and the description of an item. */
export function TitleFields<T extends BaseValues>({
  form,
  titleLabel,
}: {
  form: UseFormReturnType<T>;
  titleLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput label={titleLabel ?? t("Title")} required key={form.key("title")} {...form.getInputProps("title")} />
      <Textarea
        label={t("Description")}
        autosize
        minRows={3}
        maxRows={10}
        key={form.key("description")}
        {...form.getInputProps("description")}
      />
    </>
  );
}

/** The categories of an item and, for admins, its performers. */
export function PeopleFields<T extends BaseValues>({
  form,
  categories,
  performers,
}: { form: UseFormReturnType<T> } & FieldChoices) {
  const { t } = useTranslation();
  return (
    <>
      <MultiSelect
        label={t("Categories")}
        size="md"
        data={categories}
        searchable
        clearable
        maxValues={20}
        nothingFoundMessage={t("No category found")}
        key={form.key("categoryIds")}
        {...form.getInputProps("categoryIds")}
      />
      {performers && (
        <MultiSelect
          label={t("Performers")}
          size="md"
          description={t("Whose work this is. Leave empty to keep the current performers.")}
          data={performers}
          searchable
          maxValues={20}
          key={form.key("performerIds")}
          {...form.getInputProps("performerIds")}
        />
      )}
    </>
  );
}

/** Draft, active or inactive. */
export function StatusChoice<T extends BaseValues>({
  form,
  description,
}: {
  form: UseFormReturnType<T>;
  description?: string;
}) {
  const { t } = useTranslation();
  return (
    <Choice
      label={t("Status")}
      description={description ?? t("Only active items are listed on the site.")}
      data={assetStatuses.map((s) => ({ value: s, label: t(statusLabels[s]) }))}
      value={form.values.status}
      onChange={(v) => form.setFieldValue("status", v as never)}
      error={form.errors.status as string | undefined}
    />
  );
}

/**
 * The fields movies and galleries share: title, description, tags, access (with the price when for sale),
 * status, categories and, for admins, the performers.
 */
export function AssetFields<T extends AssetValues>({
  form,
  kind,
  categories,
  performers,
}: {
  form: UseFormReturnType<T>;
  kind: "movie" | "gallery";
} & FieldChoices) {
  const values = form.values;
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <TitleFields form={form} />
      <TagsInput
        label={t("Tags")}
        size="md"
        description={t("Press Enter after each tag.")}
        maxTags={30}
        clearable
        key={form.key("tags")}
        {...form.getInputProps("tags")}
      />
      <PeopleFields form={form} categories={categories} performers={performers} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Choice
          label={t("Access")}
          description={kind === "movie" ? t("Who may watch the movie.") : t("Who may see the photos.")}
          data={accessKinds.map((a) => ({ value: a, label: t(accessLabels[a]) }))}
          value={values.access}
          onChange={(v) => form.setFieldValue("access", v as never)}
          error={form.errors.access as string | undefined}
        />
        <StatusChoice form={form} />
      </SimpleGrid>
      {values.access === "sale" && <PriceInput key={form.key("price")} {...form.getInputProps("price")} />}
    </Stack>
  );
}
