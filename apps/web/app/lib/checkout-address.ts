/**
 * The checkout's shipping address on the web side (issue 23 section 2): the member picks one of their saved addresses
 * (the last used first, preselected) or writes a new one; checkout sends the fields either way and the server checks
 * them, answering each refused field with its sentence.
 */
import type { SavedAddress, ShippingAddressInput } from "@marquee/contracts/addresses";

export type AddressDraft = Required<Omit<ShippingAddressInput, "line2">> & { line2: string };

export const EMPTY_ADDRESS: AddressDraft = {
  recipientName: "",
  line1: "",
  line2: "",
  city: "",
  region: "",
  postalCode: "",
  country: "",
  phone: "",
};

/** "new", or the id of the saved address chosen. */
export type AddressChoice = string;
export const NEW_ADDRESS = "new";

/** The fields of a saved address, to send again or to edit. */
export function draftOf(a: SavedAddress): AddressDraft {
  return {
    recipientName: a.recipientName,
    line1: a.line1,
    line2: a.line2 ?? "",
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country,
    phone: a.phone,
  };
}

/** What checkout sends: the address (an optional second line left out when blank) and whether to save it. */
export function shippingPayload(
  choice: AddressChoice,
  draft: AddressDraft,
  saved: SavedAddress[],
  save: boolean,
): { shippingAddress: ShippingAddressInput; saveAddress: boolean } {
  const chosen = choice === NEW_ADDRESS ? undefined : saved.find((a) => a._id === choice);
  const { line2, ...rest } = chosen ? draftOf(chosen) : draft;
  return {
    shippingAddress: line2.trim() ? { ...rest, line2 } : rest,
    // A saved address chosen again moves first in the list.
    saveAddress: chosen ? true : save,
  };
}

/** The API's field errors (`shippingAddress.city`) as the form's (`city`). */
export function addressErrors(fields: Record<string, string>): Partial<Record<keyof AddressDraft, string>> {
  const out: Partial<Record<keyof AddressDraft, string>> = {};
  for (const [path, message] of Object.entries(fields)) {
    const m = /^shippingAddress\.(\w+)$/.exec(path);
    if (m?.[1] && m[1] in EMPTY_ADDRESS) out[m[1] as keyof AddressDraft] = message;
  }
  return out;
}

/** One line that tells a saved address apart: who, the street, the town. */
export function addressSummary(a: SavedAddress): string {
  return [a.recipientName, a.line1, a.line2, `${a.city} ${a.postalCode}`, a.countryName].filter(Boolean).join(", ");
}
