import { Button, Group, Stack } from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import type { ReactNode } from "react";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useSaveIntent } from "../admin/use-manage.tsx";
import type { BaseValues, FieldChoices } from "./AssetFields.tsx";
import { type Option, withSelected } from "./options.ts";

type Named = ReadonlyArray<{ _id: string; name: string }>;

/** The form's texts per kind of item (Spanish nouns have a gender). */
const TEXTS = {
  movie: { details: msg("Movie details"), create: msg("Create movie"), failed: msg("Could not save the movie") },
  gallery: {
    details: msg("Gallery details"),
    create: msg("Create gallery"),
    failed: msg("Could not save the gallery"),
  },
  product: {
    details: msg("Product details"),
    create: msg("Create product"),
    failed: msg("Could not save the product"),
  },
} as const;

/**
 * The details form of a movie, gallery or product: its `fields` (given the categories and, for admins, the
 * performers to pick from), then `extra` fields; creates or saves it through the route's `save` intent and hands
 * the result to `onSaved`.
 */
export function AssetForm<V extends BaseValues, T extends { _id: string; categories: Named; performers: Named }>({
  kind,
  item,
  isAdmin,
  options,
  initialValues,
  validate,
  toBody,
  onSaved,
  fields,
  extra,
}: {
  kind: "movie" | "gallery" | "product";
  item: T | null;
  isAdmin: boolean;
  options: { categories: Option[]; performers: Option[] };
  initialValues: V;
  validate: (values: V) => Record<string, string>;
  toBody: (values: V) => unknown;
  onSaved: (item: T, created: boolean) => void;
  /** The item's fields, e.g. `AssetFields` of a movie. */
  fields: (form: UseFormReturnType<V>, choices: FieldChoices) => ReactNode;
  extra?: (form: UseFormReturnType<V>) => ReactNode;
}) {
  const { t } = useTranslation();
  // The checks' messages are marked texts (or the contracts' own): shown in the page's language.
  const form = useForm<V>({
    initialValues,
    validate: (values) => Object.fromEntries(Object.entries(validate(values)).map(([k, m]) => [k, t(m)])),
  });
  const texts = TEXTS[kind];
  const { submit, saving } = useSaveIntent(form, item, toBody, onSaved, t(texts.failed));

  return (
    <form onSubmit={submit} noValidate aria-label={t(texts.details)}>
      <Stack gap="md">
        {fields(form, {
          categories: withSelected(options.categories, item?.categories ?? []),
          performers: isAdmin ? withSelected(options.performers, item?.performers ?? []) : null,
        })}
        {extra?.(form)}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {item ? t("Save changes") : t(texts.create)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
