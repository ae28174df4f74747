import { Button, Card, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type Performer, updatePerformerBody } from "@marquee/contracts/performers";
import { performerAttributes } from "@marquee/contracts/site";
import { IconAlertTriangle, IconUserStar } from "@tabler/icons-react";
import { useId } from "react";
import { attributeLabel, schemaErrors } from "../../lib/studio.ts";
import { type ProfileFormValues, profileBody, profileFormValues, yearlyPriceWarning } from "../../lib/studio-forms.ts";
import { useAppSelector } from "../../state/store.ts";
import { useSaveIntent } from "../admin/use-manage.tsx";
import { type Option, withSelected } from "./options.ts";

/** The choices of the profile form, as the page's loader reads them (profileOptions in lookups.server.ts). */
export type ProfileOptions = { languages: Option[]; categories: Option[] };

const attributeFields = [
  { key: "ethnicity", label: "Ethnicity", options: performerAttributes.ethnicities },
  { key: "bodyType", label: "Body type", options: performerAttributes.bodyTypes },
  { key: "hairColor", label: "Hair colour", options: performerAttributes.hairColors },
  { key: "eyeColor", label: "Eye colour", options: performerAttributes.eyeColors },
  { key: "height", label: "Height", options: performerAttributes.heights },
  { key: "sexualOrientation", label: "Sexual orientation", options: performerAttributes.sexualOrientations },
] as const;

/**
 * The performer profile fields (languages, categories, attributes, subscription prices), saved through the route's
 * `save` intent (the performer's own profile, or the one of `id` for admins).
 */
export function PerformerProfileForm({
  performer,
  options,
  title = "About you",
  withCard = true,
}: {
  performer: Performer;
  options: ProfileOptions;
  title?: string;
  withCard?: boolean;
}) {
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol);
  const titleId = useId();
  const form = useForm<ProfileFormValues>({
    initialValues: profileFormValues(performer),
    validate: (values) => schemaErrors(updatePerformerBody, profileBody(values)),
  });
  const yearlyWarning = yearlyPriceWarning(form.getValues(), currencySymbol);
  const { submit, saving } = useSaveIntent(
    form,
    performer,
    profileBody,
    () => notifications.show({ color: "teal", message: `The performer profile of ${performer.name} is saved.` }),
    "Could not save the profile",
  );

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
          data={options.languages}
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
          data={withSelected(options.categories, performer.categories)}
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
        {yearlyWarning && (
          <Group gap={6} wrap="nowrap" align="flex-start" role="status" data-testid="yearly-price-warning">
            <IconAlertTriangle size={18} color="var(--mantine-color-orange-filled)" aria-hidden />
            <Text size="sm" c="orange.9">
              {yearlyWarning}
            </Text>
          </Group>
        )}
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
