import { Button, Group, Stack } from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import type { ReactNode } from "react";
import { useSaveIntent } from "../admin/use-manage.tsx";
import type { BaseValues, FieldChoices } from "./AssetFields.tsx";
import { type Option, withSelected } from "./options.ts";

type Named = ReadonlyArray<{ _id: string; name: string }>;

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
  const form = useForm<V>({ initialValues, validate });
  const { submit, saving } = useSaveIntent(form, item, toBody, onSaved, `Could not save the ${kind}`);

  return (
    <form onSubmit={submit} noValidate aria-label={`${kind.charAt(0).toUpperCase()}${kind.slice(1)} details`}>
      <Stack gap="md">
        {fields(form, {
          categories: withSelected(options.categories, item?.categories ?? []),
          performers: isAdmin ? withSelected(options.performers, item?.performers ?? []) : null,
        })}
        {extra?.(form)}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {item ? "Save changes" : `Create ${kind}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
