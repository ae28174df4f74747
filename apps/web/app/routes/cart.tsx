import { IconShoppingCart } from "@tabler/icons-react";
import { ComingSoon } from "../components/ComingSoon.tsx";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/cart";

export const handle = pages.cart.handle;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Cart", "Your shopping cart.");

export default function CartPage() {
  return (
    <ComingSoon
      icon={<IconShoppingCart size={38} />}
      title="Your cart"
      text="The store is coming soon. Items you add will be listed here."
    />
  );
}
