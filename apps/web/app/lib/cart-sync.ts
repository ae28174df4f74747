/**
 * The cart's two homes (issue 23 section 2). In the browser it is SPEC section 3's copy under the localStorage key
 * `cart`, saved on every change and followed across tabs (the `storage` event). For a signed-in member it is kept on
 * the server too: at login (and on every page opened signed in) the browser's cart is merged into the member's saved
 * one, and from then on the browser's copy mirrors it and every change is saved there (PUT /cart). Both go through
 * the web server's resource route (routes/cart.sync.ts, a fetcher's post), which calls the API with the session.
 *
 * `cartOwner` says whose saved cart the browser's copy mirrors. A copy that mirrors this member's cart is not merged
 * again (its quantities would count twice): the saved cart wins. A visitor's copy (no owner) is added to the member's
 * at login. A copy left by a member whose session ended without logging out is not a visitor's to see: it is emptied,
 * as logging out empties it (SPEC section 4, app reset), and comes back at the next login.
 */

import { notifications } from "@mantine/notifications";
import type { MergedCart } from "@marquee/contracts/cart";
import { useEffect, useRef } from "react";
import type { TFunction } from "../i18n/i18n.ts";
import { msg, tFor } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import {
  CART_STORAGE_KEY,
  type CartItem,
  type CartState,
  clearCart,
  parsePersistedCart,
  restoreCart,
} from "../state/cart.ts";
import type { AppStore } from "../state/store.ts";
import { errorMessage, isApiError } from "./api.ts";
import { CART_SYNC_PATH } from "./store.ts";
import { useIntent } from "./use-intent.ts";

export const CART_OWNER_KEY = "cartOwner";
/** Prices above this are not ones the API keeps (a tampered copy); the line goes without it. */
const MAX_PRICE = 1_000_000;

/** A line as the API takes it. */
export function toApiLine(item: CartItem): { _id: string; quantity: number; price?: number } {
  const line: { _id: string; quantity: number; price?: number } = { _id: item._id, quantity: item.quantity ?? 1 };
  if (item.price !== undefined && item.price <= MAX_PRICE) line.price = item.price;
  return line;
}

/** The server's cart as the browser keeps it (SPEC section 3). */
export function toCartState(cart: Pick<MergedCart, "items">): CartState {
  return parsePersistedCart(JSON.stringify({ items: cart.items }));
}

/**
 * The merged cart with what the member changed in this tab while the merge was on its way (a line added, a quantity
 * changed, a line taken out) applied on top of it: the merge's answer replaces the browser's cart, which would
 * otherwise lose those changes. `before` is the cart the merge was sent with, `now` the cart when it answered.
 */
export function withChangesSince(merged: CartState, before: CartState, now: CartState): CartState {
  if (now === before) return merged;
  const quantities = (cart: CartState) => new Map(cart.items.map((i) => [i._id, i.quantity ?? 1]));
  const [was, is] = [quantities(before), quantities(now)];
  const items = merged.items.map((i) => ({ ...i, quantity: i.quantity ?? 1 }));
  let changed = false;
  for (const id of new Set([...was.keys(), ...is.keys()])) {
    const delta = (is.get(id) ?? 0) - (was.get(id) ?? 0);
    if (!delta) continue;
    changed = true;
    const line = items.find((i) => i._id === id);
    if (line) line.quantity += delta;
    else if (delta > 0) items.push({ ...now.items.find((i) => i._id === id), _id: id, quantity: delta });
  }
  if (!changed) return merged;
  return parsePersistedCart(JSON.stringify({ items: items.filter((i) => i.quantity > 0) }));
}

const DROPPED_TEXT: Record<MergedCart["dropped"][number]["reason"], string> = {
  unavailable: msg("{{title}} is no longer for sale and was taken out of your cart."),
  "sold-out": msg("{{title}} is sold out and was taken out of your cart."),
  owned: msg("You already own {{title}}: it was taken out of your cart."),
  full: msg("{{title}} did not fit: a cart holds 50 products."),
};

/** What the member is told after a merge: one sentence per line dropped or cut. */
export function mergeNotices(merged: Pick<MergedCart, "dropped" | "reduced">, t: TFunction = tFor("en")): string[] {
  return [
    ...merged.dropped.map((d) => t(DROPPED_TEXT[d.reason], { title: d.title ? `“${d.title}”` : t("A product") })),
    ...merged.reduced.map((r) =>
      t("Your cart now holds {{quantity}} of “{{title}}”, as many as can be bought.", {
        quantity: r.quantity,
        title: r.title,
      }),
    ),
  ];
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // unavailable (private mode): the cart lives in this page only
  }
}

/** Reads and writes that fail (storage full or unavailable) leave the cart as it is in this page. */
function tryStorage(run: (s: Storage) => void) {
  const s = storage();
  if (!s) return;
  try {
    run(s);
  } catch {
    // persistence is best effort
  }
}

/**
 * Keeps the store's cart in localStorage and, for the signed-in member `userId`, on the server. Mounted once, in the
 * root.
 */
export function useCartSync(store: AppStore, userId: string | null) {
  /** The last cart another tab wrote: that tab saved it already. */
  const fromOtherTab = useRef<CartState | null>(null);
  // The page's language, read when a notice is shown (a page in another language is a new page).
  const { t } = useTranslation();
  const translate = useRef(t);
  translate.current = t;
  // Two fetchers, so the merge and a save never take each other's place; neither reloads the page's data.
  const mergeIntent = useIntent(CART_SYNC_PATH, { revalidate: false });
  const saveIntent = useIntent(CART_SYNC_PATH, { revalidate: false });
  const calls = useRef({ merge: mergeIntent.run, save: saveIntent.run });
  calls.current = { merge: mergeIntent.run, save: saveIntent.run };

  // The browser's copy: restored once, saved on every change, followed across tabs.
  useEffect(() => {
    const read = () => {
      const s = storage();
      return s ? parsePersistedCart(s.getItem(CART_STORAGE_KEY)) : null;
    };
    const restored = read();
    if (restored) store.dispatch(restoreCart(restored));
    let last = store.getState().cart;
    const unsubscribe = store.subscribe(() => {
      const cart = store.getState().cart;
      if (cart === last) return;
      last = cart;
      tryStorage((s) => s.setItem(CART_STORAGE_KEY, JSON.stringify(cart)));
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY) return;
      const other = read();
      if (!other) return;
      // Set first: the server sync below sees the change as the dispatch runs, and must not save it again.
      fromOtherTab.current = other;
      last = other;
      store.dispatch(restoreCart(other));
    };
    window.addEventListener("storage", onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener("storage", onStorage);
    };
  }, [store]);

  // The member's saved cart: merged once, then every change of this tab saved.
  useEffect(() => {
    const owner = storage()?.getItem(CART_OWNER_KEY) ?? null;
    if (!userId) {
      if (owner) {
        tryStorage((s) => s.removeItem(CART_OWNER_KEY));
        store.dispatch(clearCart());
      }
      return;
    }
    let live = true;
    /** The cart as the server has it; null until the merge has answered (changes wait for it). */
    let saved: CartState | null = null;
    let saving = false;
    let again = false;
    const signedIn = () => {
      const s = store.getState();
      return s.auth.loggedIn && s.user.current._id === userId;
    };

    const save = async () => {
      if (saving) {
        again = true;
        return;
      }
      saving = true;
      const cart = store.getState().cart;
      try {
        await calls.current.save("save", { items: cart.items.map(toApiLine) });
      } catch (e) {
        // Refused (a line no longer for sale, fewer left): the cart page marks the line; the member is told here too.
        // No status: the post was answered by a redirect (a session the API refused goes to log in), nothing to say.
        if (live && isApiError(e) && e.statusCode > 0 && e.statusCode < 500 && e.statusCode !== 401) {
          const t = translate.current;
          notifications.show({
            color: "orange",
            title: t("Your cart could not be saved to your account"),
            message: errorMessage(e, undefined, t),
          });
        }
      } finally {
        saved = cart;
        saving = false;
        if (again && live) {
          again = false;
          if (store.getState().cart !== saved && signedIn()) void save();
        }
      }
    };

    const before = store.getState().cart;
    const items = owner === userId ? [] : before.items.map(toApiLine);
    calls.current
      .merge<MergedCart>("merge", { items })
      .then((merged) => {
        if (!live || !signedIn()) return;
        const now = store.getState().cart;
        store.dispatch(restoreCart(toCartState(merged)));
        saved = store.getState().cart;
        // What the member did meanwhile goes on top, and is saved like any change (the subscription below).
        const changed = withChangesSince(saved, before, now);
        if (changed !== saved) store.dispatch(restoreCart(changed));
        tryStorage((s) => s.setItem(CART_OWNER_KEY, userId));
        const t = translate.current;
        const notices = mergeNotices(merged, t);
        if (notices.length) {
          notifications.show({
            color: "orange",
            title: t("Your cart has changed"),
            message: notices.join(" "),
            autoClose: 12_000,
          });
        }
      })
      .catch(() => {
        // Offline or refused: the browser's copy stands; the next page opened signed in merges again.
      });

    const unsubscribe = store.subscribe(() => {
      const cart = store.getState().cart;
      // Logging out empties the cart in the browser only: the member's saved cart stays for their next login.
      if (saved === null || cart === saved || !signedIn()) return;
      if (cart === fromOtherTab.current) {
        saved = cart;
        return;
      }
      void save();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [store, userId]);
}
