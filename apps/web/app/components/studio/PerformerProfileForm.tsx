import { Button, Card, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type Performer, updatePerformerBody } from "@marquee/contracts/performers";
import { performerAttributes } from "@marquee/contracts/site";
import { IconAlertTriangle, IconUserStar } from "@tabler/icons-react";
import { useId } from "react";
import { useLocale } from "../../i18n/format.ts";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { attributeLabel, schemaErrors } from "../../lib/studio.ts";
import { type ProfileFormValues, profileBody, profileFormValues, yearlyPriceWarning } from "../../lib/studio-forms.ts";
import { useAppSelector } from "../../state/store.ts";
import { useSaveIntent } from "../admin/use-manage.tsx";
import { type Option, withSelected } from "./options.ts";

/** The choices of the profile form, as the page's loader reads them (profileOptions in lookups.server.ts). */
export type ProfileOptions = { languages: Option[]; categories: Option[] };

const attributeFields = [
  { key: "ethnicity", label: msg("Ethnicity"), options: performerAttributes.ethnicities },
  { key: "bodyType", label: msg("Body type"), options: performerAttributes.bodyTypes },
  { key: "hairColor", label: msg("Hair colour"), options: performerAttributes.hairColors },
  { key: "eyeColor", label: msg("Eye colour"), options: performerAttributes.eyeColors },
  { key: "height", label: msg("Height"), options: performerAttributes.heights },
  { key: "sexualOrientation", label: msg("Sexual orientation"), options: performerAttributes.sexualOrientations },
] as const;

/**
 * The performer profile fields (languages, categories, attributes, subscription prices), saved through the route's
 * `save` intent (the performer's own profile, or the one of `id` for admins).
 */
export function PerformerProfileForm({
  performer,
  options,
  title,
  withCard = true,
}: {
  performer: Performer;
  options: ProfileOptions;
  title?: string;
  withCard?: boolean;
}) {
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol);
  const titleId = useId();
  const { t } = useTranslation();
  const locale = useLocale();
  const form = useForm<ProfileFormValues>({
    initialValues: profileFormValues(performer),
    validate: (values) => schemaErrors(updatePerformerBody, profileBody(values)),
  });
  const yearlyWarning = yearlyPriceWarning(form.getValues(), currencySymbol, t, locale);
  const { submit, saving } = useSaveIntent(
    form,
    performer,
    profileBody,
    () =>
      notifications.show({
        color: "teal",
        message: t("The performer profile of {{name}} is saved.", { name: performer.name }),
      }),
    t("Could not save the profile"),
  );

  const fields = (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Stack gap="md">
        <Group gap="xs">
          <IconUserStar size={20} />
          <Title order={2} fz="lg" id={titleId}>
            {title ?? t("About you")}
          </Title>
        </Group>
        <MultiSelect
          label={t("Languages")}
          size="md"
          description={t("The languages spoken in the movies.")}
          data={options.languages}
          searchable
          clearable
          maxValues={10}
          nothingFoundMessage={t("No language found")}
          key={form.key("languages")}
          {...form.getInputProps("languages")}
        />
        <MultiSelect
          label={t("Categories")}
          size="md"
          description={t("Help visitors find the performer in the directory.")}
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
              label={t(f.label)}
              size="md"
              clearable
              placeholder={t("Not shown")}
              data={f.options.map((o) => ({ value: o, label: attributeLabel(o) }))}
              {...form.getInputProps(f.key)}
            />
          ))}
        </SimpleGrid>
        <Title order={3} fz="md" mt="sm">
          {t("Subscription prices")}
        </Title>
        <Text size="sm" c="dimmed" mt={-8}>
          {t("What fans pay to subscribe. Leave a price empty to not offer that period.")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t("Monthly price")}
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
            label={t("Yearly price")}
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
            {t("Save profile")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
  return withCard ? <Card component="section">{fields}</Card> : fields;
}
