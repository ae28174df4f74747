import { Button, Card, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type Performer, updatePerformerBody } from "@marquee/contracts/performers";
import { performerAttributes } from "@marquee/contracts/site";
import { IconUserStar } from "@tabler/icons-react";
import { useEffect, useId, useState } from "react";
import { api, errorMessage } from "../../lib/api.ts";
import { setFieldErrors } from "../../lib/form-errors.ts";
import { attributeLabel, schemaErrors } from "../../lib/studio.ts";
import { type ProfileFormValues, profileBody, profileFormValues } from "../../lib/studio-forms.ts";
import { useAppSelector } from "../../state/store.ts";
import { useCategoryOptions, withSelected } from "./options.ts";

const attributeFields = [
  { key: "ethnicity", label: "Ethnicity", options: performerAttributes.ethnicities },
  { key: "bodyType", label: "Body type", options: performerAttributes.bodyTypes },
  { key: "hairColor", label: "Hair colour", options: performerAttributes.hairColors },
  { key: "eyeColor", label: "Eye colour", options: performerAttributes.eyeColors },
  { key: "height", label: "Height", options: performerAttributes.heights },
  { key: "sexualOrientation", label: "Sexual orientation", options: performerAttributes.sexualOrientations },
] as const;

type Option = { value: string; label: string };

function useLanguages(): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    api
      .get<Array<{ code: string; name: string }>>("/languages/list")
      .then((list) => {
        if (live) setOptions((list ?? []).map((l) => ({ value: l.code, label: l.name })));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return options;
}

/**
 * The performer profile fields (languages, categories, attributes, subscription prices). `save` sends the body
 * (PUT /performer/profile for the performer, PUT /admin/performers/:id for admins).
 */
export function PerformerProfileForm({
  performer,
  save,
  onSaved,
  title = "About you",
  withCard = true,
}: {
  performer: Performer;
  save: (body: ReturnType<typeof profileBody>) => Promise<Performer | null>;
  onSaved: (p: Performer) => void;
  title?: string;
  withCard?: boolean;
}) {
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol);
  const languages = useLanguages();
  const categories = useCategoryOptions("performer");
  const [saving, setSaving] = useState(false);
  const titleId = useId();
  const form = useForm<ProfileFormValues>({
    initialValues: profileFormValues(performer),
    validate: (values) => schemaErrors(updatePerformerBody, profileBody(values)),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const saved = await save(profileBody(values));
      form.resetDirty(values);
      if (saved && typeof saved === "object" && "_id" in saved) onSaved(saved);
      notifications.show({ color: "teal", message: `The performer profile of ${performer.name} is saved.` });
    } catch (error) {
      if (!setFieldErrors(form, error)) {
        notifications.show({ color: "red", title: "Could not save the profile", message: errorMessage(error) });
      }
    } finally {
      setSaving(false);
    }
  });

  const fields = (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Stack gap="md">
        <Group gap="xs">
          <IconUserStar size={20} />
          <Title order={2} fz="lg" id={titleId}>
            {title}
          </Title>
        </Group>
        <MultiSelect
          label="Languages"
          size="md"
          description="The languages spoken in the movies."
          data={languages}
          searchable
          clearable
          maxValues={10}
          nothingFoundMessage="No language found"
          key={form.key("languages")}
          {...form.getInputProps("languages")}
        />
        <MultiSelect
          label="Categories"
          size="md"
          description="Help visitors find the performer in the directory."
          data={withSelected(categories, performer.categories)}
          searchable
          clearable
          maxValues={20}
          key={form.key("categoryIds")}
          {...form.getInputProps("categoryIds")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {attributeFields.map((f) => (
            <Select
              key={form.key(f.key)}
              label={f.label}
              size="md"
              clearable
              placeholder="Not shown"
              data={f.options.map((o) => ({ value: o, label: attributeLabel(o) }))}
              {...form.getInputProps(f.key)}
            />
          ))}
        </SimpleGrid>
        <Title order={3} fz="md" mt="sm">
          Subscription prices
        </Title>
        <Text size="sm" c="dimmed" mt={-8}>
          What fans pay to subscribe. Leave a price empty to not offer that period.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label="Monthly price"
            size="md"
            prefix={currencySymbol}
            decimalScale={2}
            fixedDecimalScale
            min={1}
            max={1000}
            key={form.key("monthlyPrice")}
            {...form.getInputProps("monthlyPrice")}
          />
          <NumberInput
            label="Yearly price"
            size="md"
            prefix={currencySymbol}
            decimalScale={2}
            fixedDecimalScale
            min={1}
            max={10000}
            key={form.key("yearlyPrice")}
            {...form.getInputProps("yearlyPrice")}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
  return withCard ? <Card component="section">{fields}</Card> : fields;
}
