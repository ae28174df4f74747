import { NumberInput, SimpleGrid, Stack } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { productTypes, STOCK_MAX } from "@marquee/contracts/products";
import { useTranslation } from "../../i18n/use-translation.ts";
import { productTypeLabels } from "../../lib/studio.ts";
import type { ProductFormValues } from "../../lib/studio-forms.ts";
import { Choice, type FieldChoices, PeopleFields, StatusChoice, TitleFields } from "./AssetFields.tsx";
import { PriceInput } from "./PriceInput.tsx";

/**
 * The fields of a product: name, description, categories (and performers, for admins), its type (chosen once, when
 * it is created), status, price and, for a physical product, its stock.
 */
export function ProductFields({
  form,
  creating,
  categories,
  performers,
}: { form: UseFormReturnType<ProductFormValues>; creating: boolean } & FieldChoices) {
  const { type } = form.values;
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <TitleFields form={form} titleLabel={t("Name")} />
      <PeopleFields form={form} categories={categories} performers={performers} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Choice
          label={t("Type")}
          description={
            creating
              ? t("Physical goods are shipped; digital ones are downloaded.")
              : t("Set when the product was created.")
          }
          data={productTypes.map((p) => ({ value: p, label: t(productTypeLabels[p]) }))}
          value={type}
          onChange={(v) => form.setFieldValue("type", v as ProductFormValues["type"])}
          error={form.errors.type as string | undefined}
          disabled={!creating}
        />
        <StatusChoice form={form} description={t("Only active products are listed in the store.")} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PriceInput key={form.key("price")} {...form.getInputProps("price")} />
        {type === "physical" && (
          <NumberInput
            label={t("Stock")}
            size="md"
            description={t("Units you can ship.")}
            min={0}
            max={STOCK_MAX}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            required
            key={form.key("stock")}
            {...form.getInputProps("stock")}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
