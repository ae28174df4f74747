import { ActionIcon, Checkbox, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { SavedAddress } from "@marquee/contracts/addresses";
import { IconTrash } from "@tabler/icons-react";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { type AddressChoice, type AddressDraft, addressSummary, NEW_ADDRESS } from "../../lib/checkout-address.ts";
import type { Option } from "../studio/options.ts";

interface Props {
  countries: Option[];
  saved: SavedAddress[];
  choice: AddressChoice;
  onChoice(choice: AddressChoice): void;
  draft: AddressDraft;
  onDraft(draft: AddressDraft): void;
  save: boolean;
  onSave(save: boolean): void;
  errors: Partial<Record<keyof AddressDraft, string>>;
  onDelete(address: SavedAddress): void;
}

/**
 * Where a physical order goes: one of the member's saved addresses (the last used preselected, each deletable) or a
 * new one, with every field a parcel needs and the country from the site's list.
 */
export function ShippingAddressForm(props: Props) {
  const { t } = useTranslation();
  const { draft, errors, choice } = props;
  const field = (name: keyof AddressDraft, label: string, autoComplete: string, required = true) => (
    <TextInput
      label={t(label)}
      required={required}
      autoComplete={`shipping ${autoComplete}`}
      value={draft[name]}
      error={errors[name]}
      onChange={(e) => props.onDraft({ ...draft, [name]: e.currentTarget.value })}
    />
  );
  const writing = choice === NEW_ADDRESS || !props.saved.length;
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} mb={4}>
        {t("Where should we ship it?")}
      </Text>
      {props.saved.length > 0 && (
        <Radio.Group value={choice} onChange={props.onChoice} aria-label={t("Ship to")} name="shipTo">
          <Stack gap="xs" data-testid="saved-addresses">
            {props.saved.map((a) => (
              <Group key={a._id} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Radio value={a._id} label={addressSummary(a)} styles={{ label: { overflowWrap: "anywhere" } }} />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t("Delete the address {{address}}", { address: addressSummary(a) })}
                  onClick={() => props.onDelete(a)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Radio value={NEW_ADDRESS} label={t("A new address")} />
          </Stack>
        </Radio.Group>
      )}
      {writing && (
        <Stack gap="xs" data-testid="address-fields">
          {field("recipientName", msg("Recipient's name"), "name")}
          {field("line1", msg("Address line 1"), "address-line1")}
          {field("line2", msg("Address line 2 (optional)"), "address-line2", false)}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {field("city", msg("Town or city"), "address-level2")}
            {field("region", msg("State, province or region"), "address-level1")}
            {field("postalCode", msg("Postal code"), "postal-code")}
            <Select
              label={t("Country")}
              required
              searchable
              autoComplete="shipping country"
              data={props.countries}
              value={draft.country || null}
              error={errors.country}
              onChange={(value) => props.onDraft({ ...draft, country: value ?? "" })}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          {field("phone", msg("Phone number"), "tel")}
          <Checkbox
            label={t("Save this address for next time")}
            checked={props.save}
            onChange={(e) => props.onSave(e.currentTarget.checked)}
          />
        </Stack>
      )}
    </Stack>
  );
}
