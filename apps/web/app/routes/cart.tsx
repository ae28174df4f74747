import {
  Alert,
  Button,
  Card,
  CloseButton,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { SavedAddress } from "@marquee/contracts/addresses";
import type { Checkout } from "@marquee/contracts/payments";
import type { Product } from "@marquee/contracts/products";
import type { TaxPlaces } from "@marquee/contracts/taxes";
import { IconAlertCircle, IconShoppingCart, IconTicket } from "@tabler/icons-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, useFetcher } from "react-router";
import { type BillingPlace, CartBilling } from "../components/store/CartBilling.tsx";
import { CartLineItem, formatCents } from "../components/store/CartLineItem.tsx";
import { ShippingAddressForm } from "../components/store/ShippingAddressForm.tsx";
import styles from "../components/store/store.module.css";
import type { Option } from "../components/studio/options.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, textOf } from "../lib/actions.server.ts";
import { errorMessage, isApiError, translateError } from "../lib/api.ts";
import {
  type AddressChoice,
  type AddressDraft,
  addressErrors,
  draftOf,
  EMPTY_ADDRESS,
  NEW_ADDRESS,
  shippingPayload,
} from "../lib/checkout-address.ts";
import { fieldErrorsFrom } from "../lib/form-errors.ts";
import { isUuid } from "../lib/list-params.ts";
import { countryList } from "../lib/lookups.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { requestToken, sessionApi } from "../lib/session.server.ts";
import { CART_PRODUCTS_PATH, cartLines, cartSummary, purchaseLines } from "../lib/store.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import { clearCart } from "../state/cart.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { setSystemError } from "../state/system.ts";
import type { Route } from "./+types/cart";
import type { loader as productsLoader } from "./cart.products.ts";

export const handle = pages.cart.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Cart"), t("Your shopping cart."));
};

/**
 * The cart's products as they are now (GET /user/assets/products/search?ids=… through the resource route
 * routes/cart.products.ts), asked again whenever the set of products changes or `refresh` is called (after a checkout
 * refused for stock). `products` is null until the answer for these very ids has come (an id that is not one cannot
 * be a product: it is simply not asked for).
 */
function useCartProducts(ids: string[]) {
  const key = ids.filter(isUuid).sort().join(",");
  const dispatch = useAppDispatch();
  const fetcher = useFetcher<typeof productsLoader>();
  const [answer, setAnswer] = useState<{ key: string; products: Product[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const { load } = fetcher;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the ids; `round` asks again
  useEffect(() => {
    setError(null);
    if (!key) {
      setAnswer({ key, products: [] });
      return;
    }
    void load(`${CART_PRODUCTS_PATH}?${new URLSearchParams(key.split(",").map((id) => ["ids", id]))}`);
  }, [key, round, load]);
  // An answer names the ids it was asked for: one for ids the cart no longer holds is dropped.
  const got = fetcher.data;
  useEffect(() => {
    if (!got || got.key !== key) return;
    if (got.products) {
      setAnswer({ key, products: got.products });
      return;
    }
    setError(got.error);
    // SPEC section 3's system.error: the server failed the request.
    if (got.statusCode >= 500) dispatch(setSystemError({ message: got.error, statusCode: got.statusCode }));
  }, [got, key, dispatch]);
  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { products: answer?.key === key ? answer.products : null, error, refresh };
}

/**
 * For a signed-in member: the countries to ship to and their saved addresses, the last used first, and where the
 * site charges tax (the billing country is asked then; commerce/taxes).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!requestToken(request)) return { countries: [] as Option[], saved: [] as SavedAddress[], taxes: null };
  const api = sessionApi(request, context);
  const [countries, saved, taxes] = await Promise.all([
    countryList(api).catch(() => []),
    api
      .get<{ data: SavedAddress[] }>("/users/me/addresses")
      .then((r) => r.data)
      .catch(() => [] as SavedAddress[]),
    api.get<TaxPlaces>("/taxes/places").catch(() => null),
  ]);
  return { countries: (countries ?? []).map((c) => ({ value: c.code, label: c.name })), saved, taxes };
}

/**
 * What the cart page saves with the member's session: `coupon` checks a code (`code`) and answers its value;
 * `taxQuote` answers the tax of the lines with their coupon for a billing place (read only, components/store/
 * CartBilling.tsx); `checkout` makes the order of `body` (lines, coupon, delivery) at the server's prices and answers
 * where to pay;
 * `deleteAddress` forgets a saved address (`id`).
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    coupon: (api, payload) => api.post(`/coupons/${encodeURIComponent(textOf(payload, "code"))}/apply-coupon`),
    checkout: (api, payload) => api.post("/payment/purchase-products", payload.body),
    taxQuote: (api, payload) => api.post("/taxes/quote/store", payload),
    deleteAddress: (api, payload) => api.del(`/users/me/addresses/${encodeURIComponent(textOf(payload, "id"))}`),
  });
}

/**
 * The cart (SPEC section 4): its lines checked against the products as they are now, a coupon, delivery details when
 * something is shipped, and checkout. A visitor logs in first (`/auth/login?from=cart` brings them back here, the
 * cart kept in localStorage). The server prices the order again; the page only shows what it will charge.
 */
export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const cart = useAppSelector((s) => s.cart);
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  // The cart lives in this browser: until the page runs here (and the root has read localStorage) it is unknown.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const ids = useMemo(() => cart.items.map((i) => i._id), [cart.items]);
  const { products, error, refresh } = useCartProducts(mounted ? ids : []);
  const lines = useMemo(() => cartLines(cart.items, products ?? []), [cart.items, products]);

  const [couponCode, setCouponCode] = useState("");
  const [coupon, setCoupon] = useState<{ code: string; value: number } | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const [saved, setSaved] = useState(loaderData.saved);
  useEffect(() => setSaved(loaderData.saved), [loaderData.saved]);
  // The last used address is preselected; a member with none writes one.
  const [choice, setChoice] = useState<AddressChoice>(loaderData.saved[0]?._id ?? NEW_ADDRESS);
  const [draft, setDraft] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [saveAddress, setSaveAddress] = useState(true);
  const [billing, setBilling] = useState<BillingPlace>({ country: null, region: null });
  const taxed = loaderData.taxes?.countries ?? [];
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [paying, setPaying] = useState(false);
  // Back from the gateway's page by the browser's Back button: the page may come from the back-forward cache.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setPaying(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);
  const summary = cartSummary(lines, coupon?.value ?? null);
  // The page's own action; what it answers changes nothing the loaders read (a deleted address is taken off here).
  const couponIntent = useIntent(undefined, { revalidate: false });
  const checkoutIntent = useIntent(undefined, { revalidate: false });
  const addressIntent = useIntent(undefined, { revalidate: false });

  const applyCoupon = async () => {
    const code = couponCode.trim();
    if (!code) return;
    setApplying(true);
    setCouponError(null);
    try {
      setCoupon(await couponIntent.run<{ code: string; value: number }>("coupon", { code }));
    } catch (e) {
      setCoupon(null);
      setCouponError(errorMessage(e, undefined, t));
    } finally {
      setApplying(false);
    }
  };

  const checkout = async () => {
    setPaying(true);
    setFieldErrors({});
    try {
      const made = await checkoutIntent.run<Checkout>("checkout", {
        body: {
          products: purchaseLines(lines),
          ...(coupon ? { couponCode: coupon.code } : {}),
          ...(summary.needsDelivery ? shippingPayload(choice, draft, saved, saveAddress) : {}),
          ...(billing.country ? { billingCountry: billing.country } : {}),
          ...(billing.region ? { billingRegion: billing.region } : {}),
        },
      });
      window.location.assign(made.paymentUrl);
    } catch (e) {
      setPaying(false);
      const fields = fieldErrorsFrom(e);
      setFieldErrors(fields);
      const chosen = saved.find((a) => a._id === choice);
      // A saved address the server refuses now (a country no longer offered): shown in the fields to correct.
      if (chosen && Object.keys(addressErrors(fields)).length) {
        setDraft(draftOf(chosen));
        setChoice(NEW_ADDRESS);
      }
      if (!Object.keys(fields).length) {
        notifications.show({ color: "red", title: t("Could not check out"), message: errorMessage(e, undefined, t) });
      }
      // Stock or prices may have moved: show the lines as they are now.
      if (isApiError(e) && (e.statusCode === 409 || e.statusCode === 422)) refresh();
    }
  };

  if (cart.items.length > 0 && products === null && error) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("Could not check the products in your cart")}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{translateError(error, t)}</Text>
            <Button variant="default" size="xs" onClick={refresh}>
              {t("Try again")}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }

  if (!mounted || (cart.items.length > 0 && products === null)) {
    return (
      <Container size="sm" py="xl">
        <Group gap="sm" justify="center" role="status">
          <Loader size="sm" />
          <Text>{t("Loading your cart…")}</Text>
        </Group>
      </Container>
    );
  }

  if (!cart.items.length) {
    return (
      <Container size="sm" py={60}>
        <Stack align="center" ta="center" gap="md">
          <IconShoppingCart size={48} stroke={1.4} aria-hidden />
          <Title order={1}>{t("Your cart is empty")}</Title>
          <Text c="dimmed">{t("Merchandise and downloads from the performers are in the store.")}</Text>
          <Button component={Link} to="/store" size="md" radius="xl">
            {t("Browse the store")}
          </Button>
        </Stack>
      </Container>
    );
  }

  const deleteAddress = async (address: SavedAddress) => {
    try {
      await addressIntent.run("deleteAddress", { id: address._id });
      const left = saved.filter((a) => a._id !== address._id);
      setSaved(left);
      if (choice === address._id) setChoice(left[0]?._id ?? NEW_ADDRESS);
      notifications.show({ color: "grape", message: t("Address deleted.") });
    } catch (e) {
      notifications.show({
        color: "red",
        title: t("Could not delete the address"),
        message: errorMessage(e, undefined, t),
      });
    }
  };

  return (
    <Container size="lg">
      <Group justify="space-between" mb="md">
        <Title order={1}>{t("Your cart")}</Title>
        <Button variant="subtle" color="gray" onClick={() => dispatch(clearCart())}>
          {t("Empty the cart")}
        </Button>
      </Group>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("Could not check the products again")} mb="md">
          {translateError(error, t)}
        </Alert>
      )}
      <div className={styles.cart}>
        <ul aria-label={t("Products in your cart")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {lines.map((line) => (
            <CartLineItem key={line._id} line={line} symbol={symbol} />
          ))}
        </ul>
        <Card component="section" aria-labelledby="cart-summary-title">
          <Stack gap="md">
            <Title order={2} fz="h4" id="cart-summary-title">
              {t("Order summary")}
            </Title>
            <Group justify="space-between">
              <Text>{t("Subtotal")}</Text>
              <Text className={styles.amount}>{formatCents(summary.subtotalCents, symbol)}</Text>
            </Group>
            {loggedIn ? (
              coupon ? (
                <Group justify="space-between" data-testid="cart-discount">
                  <Text>
                    {t("Coupon {{code}} (−{{percent}}%)", {
                      code: coupon.code,
                      percent: Math.round(coupon.value * 100),
                    })}
                  </Text>
                  <Group gap={4}>
                    <Text className={styles.amount}>−{formatCents(summary.discountCents, symbol)}</Text>
                    <CloseButton size="sm" aria-label={t("Remove the coupon")} onClick={() => setCoupon(null)} />
                  </Group>
                </Group>
              ) : (
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    flex={1}
                    aria-label={t("Coupon code")}
                    placeholder={t("Coupon code")}
                    leftSection={<IconTicket size={16} aria-hidden />}
                    maxLength={40}
                    autoComplete="off"
                    value={couponCode}
                    error={couponError}
                    onChange={(e) => setCouponCode(e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key === "Enter") void applyCoupon();
                    }}
                  />
                  <Button variant="default" loading={applying} onClick={() => void applyCoupon()}>
                    {t("Apply")}
                  </Button>
                </Group>
              )
            ) : null}
            <Group justify="space-between">
              <Text fw={700}>{t("Total")}</Text>
              <Text fw={800} fz="lg" className={styles.amount} data-testid="cart-total">
                {formatCents(summary.totalCents, symbol)}
              </Text>
            </Group>
            {loggedIn ? (
              <>
                {summary.needsDelivery && (
                  <ShippingAddressForm
                    countries={loaderData.countries}
                    saved={saved}
                    choice={choice}
                    onChoice={setChoice}
                    draft={draft}
                    onDraft={setDraft}
                    save={saveAddress}
                    onSave={setSaveAddress}
                    errors={addressErrors(fieldErrors)}
                    onDelete={(a) => void deleteAddress(a)}
                  />
                )}
                {loaderData.taxes && taxed.length > 0 && (
                  <CartBilling
                    taxes={loaderData.taxes}
                    countries={loaderData.countries}
                    place={billing}
                    onPlace={setBilling}
                    errors={fieldErrors}
                    cart={
                      summary.ready
                        ? { products: purchaseLines(lines), ...(coupon ? { couponCode: coupon.code } : {}) }
                        : null
                    }
                  />
                )}
                <Button
                  size="md"
                  radius="xl"
                  loading={paying}
                  disabled={!summary.ready}
                  onClick={() => void checkout()}
                >
                  {t("Check out")}
                </Button>
                {!summary.ready && (
                  <Text size="sm" c="dimmed">
                    {t("Remove or change the lines marked in red to check out.")}
                  </Text>
                )}
              </>
            ) : (
              <Button component={Link} to="/auth/login?from=cart" size="md" radius="xl">
                {t("Log in to check out")}
              </Button>
            )}
          </Stack>
        </Card>
      </div>
    </Container>
  );
}
