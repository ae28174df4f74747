import { SimpleGrid } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ADMIN_SECTIONS, AdminPage } from "../components/admin/AdminPage.tsx";
import { SectionCard } from "../components/admin/SectionPage.tsx";
import { msg } from "../i18n/i18n.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin";

export const handle = pages.admin.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Admin"), t("Run the site: settings, country blocking, accounts and the catalogue."));
};

const descriptions: Record<string, string> = {
  "/admin/settings": msg("Site name, branding, menus, maintenance mode, payments and sign-up rules."),
  "/admin/countries": msg("Block visitors from chosen countries and lift blocks again."),
  "/admin/users": msg("Find accounts, change roles and activate or deactivate users."),
  "/admin/performers": msg("Turn members into performers, edit their profiles and switch them on or off."),
  "/admin/catalogue": msg("Every movie and gallery of every performer: edit them, take them down and restore them."),
  "/admin/subscriptions": msg(
    "Memberships and performer subscriptions: when they end, renewals, and the sandbox's simulations.",
  ),
  "/admin/packages": msg("The membership packages members join, their prices and periods."),
  "/admin/transactions": msg(
    "Every payment, who paid and for what, its gateway events, and refunds through the gateway.",
  ),
  "/admin/orders": msg("Every order: who bought what from whom, moving parcels on, and refunds through the payment."),
  "/admin/payouts": msg("What each performer is owed, marking it paid, and the payouts made."),
  "/admin/coupons": msg("Discount codes: their value, expiry, uses left, and switching them on or off."),
  "/admin/taxes": msg("Tax rates per country and region, and the tax report per country and period, as CSV too."),
  "/admin/categories": msg("The categories of performers, movies, galleries and products."),
  "/admin/posts": msg("News posts and pages such as the home and contact texts, and the legal pages."),
  "/admin/banners": msg("The promotional banners on the home page, by position."),
  "/admin/system": msg("The media workers, what each is doing, the job queues and their recent failures."),
  "/admin/reports": msg(
    "Reports of content, each due 7 business days after filing: take down, dismiss or ask the performer.",
  ),
  "/admin/audit": msg(
    "Who did what and when: every administrator action with its address and what it changed, as CSV too.",
  ),
};

export default function AdminOverviewPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("Admin")} description={t("Everything you need to run the site, in one place.")}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {ADMIN_SECTIONS.filter((s) => s.to !== "/admin").map((section) => (
          <SectionCard key={section.to} section={section} description={t(descriptions[section.to] ?? "")} />
        ))}
      </SimpleGrid>
    </AdminPage>
  );
}
