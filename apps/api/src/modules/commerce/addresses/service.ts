import {
  ADDRESS_MESSAGES,
  MAX_SAVED_ADDRESSES,
  type SavedAddress,
  type ShippingAddress,
  type ShippingAddressFields,
} from "@marquee/contracts/addresses";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { notFound, unprocessable } from "../../../platform/errors.ts";
import type { Actor } from "../../catalogue/access.ts";
import { countryName } from "../../lookups/service.ts";
import { type ShippingAddressRow, shippingAddresses } from "./tables.ts";

/** An address as answered: its fields and its country's name. */
export function presentAddress(a: ShippingAddressFields): ShippingAddress {
  return {
    recipientName: a.recipientName,
    line1: a.line1,
    line2: a.line2 ?? null,
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country,
    countryName: countryName(a.country) ?? a.country,
    phone: a.phone,
  };
}

const presentSaved = (r: ShippingAddressRow): SavedAddress => ({
  _id: r.id,
  ...presentAddress({ ...r, line2: r.line2 ?? undefined }),
  lastUsedAt: r.lastUsedAt.toISOString(),
});

/**
 * The country must be one of the lookups' (GET /countries/list): 422 at `path` otherwise. The form's other rules
 * are the contract's (contracts/addresses.ts).
 */
export function checkCountry(a: ShippingAddressFields, path: string) {
  if (!countryName(a.country))
    throw unprocessable(ADDRESS_MESSAGES.country, [{ path, message: ADDRESS_MESSAGES.country }]);
}

/**
 * A member's saved shipping addresses (issue 23 section 2): a store checkout that ships remembers its address, the
 * same address once (used again, it moves first); a member keeps MAX_SAVED_ADDRESSES, the least recently used going
 * first, and may delete any. Only ever their own.
 */
export function createAddressesService(deps: { db: Db }) {
  const { db } = deps;
  const mine = (userId: string) => eq(shippingAddresses.userId, userId);

  async function list(member: Actor) {
    const rows = await db
      .select()
      .from(shippingAddresses)
      .where(mine(member.id))
      .orderBy(desc(shippingAddresses.lastUsedAt), desc(shippingAddresses.id));
    return { data: rows.map(presentSaved), total: rows.length };
  }

  /** Deletes one of the member's addresses; anyone else's is as unknown as one that does not exist (404). */
  async function remove(member: Actor, id: string) {
    const gone = await db
      .delete(shippingAddresses)
      .where(and(eq(shippingAddresses.id, id), mine(member.id)))
      .returning({ id: shippingAddresses.id });
    if (!gone.length) throw notFound("Address");
  }

  /** Saves an address the member just shipped to (in the checkout's own database transaction). */
  async function remember(tx: Db | Tx, userId: string, a: ShippingAddressFields) {
    const fields = {
      recipientName: a.recipientName,
      line1: a.line1,
      line2: a.line2 ?? null,
      city: a.city,
      region: a.region,
      postalCode: a.postalCode,
      country: a.country,
      phone: a.phone,
    };
    const same = and(
      mine(userId),
      ...Object.entries(fields).map(([k, v]) => {
        const column = shippingAddresses[k as keyof typeof fields];
        return v === null ? sql`${column} is null` : eq(column, v);
      }),
    );
    const used = await tx
      .update(shippingAddresses)
      .set({ lastUsedAt: sql`now()` })
      .where(same)
      .returning({ id: shippingAddresses.id });
    if (!used.length) await tx.insert(shippingAddresses).values({ userId, ...fields });
    const keep = tx
      .select({ id: shippingAddresses.id })
      .from(shippingAddresses)
      .where(mine(userId))
      .orderBy(desc(shippingAddresses.lastUsedAt), desc(shippingAddresses.id))
      .limit(MAX_SAVED_ADDRESSES);
    await tx.delete(shippingAddresses).where(and(mine(userId), notInArray(shippingAddresses.id, keep)));
  }

  return { list, remove, remember };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
