import { Button } from "@mantine/core";
import {
  IconArrowLeft,
  IconCash,
  IconCategory,
  IconChecklist,
  IconCpu,
  IconCrown,
  IconFlag,
  IconHistory,
  IconLayoutDashboard,
  IconLibraryPhoto,
  IconMessageCircle,
  IconNews,
  IconPackage,
  IconPhotoStar,
  IconReceipt,
  IconReceiptTax,
  IconSettings,
  IconShieldCheck,
  IconShoppingCart,
  IconTicket,
  IconUserStar,
  IconUsers,
  IconWorldOff,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useAppSelector } from "../../state/store.ts";
import { ListPanel } from "./ManageList.tsx";
import { SectionForbidden, SectionFrame, type SectionPageProps } from "./SectionPage.tsx";

export const ADMIN_SECTIONS = [
  { to: "/admin", label: msg("Overview"), icon: IconLayoutDashboard },
  { to: "/admin/settings", label: msg("Settings"), icon: IconSettings },
  { to: "/admin/countries", label: msg("Countries"), icon: IconWorldOff },
  { to: "/admin/users", label: msg("Users"), icon: IconUsers },
  { to: "/admin/performers", label: msg("Performers"), icon: IconUserStar },
  { to: "/admin/verifications", label: msg("Verifications"), icon: IconShieldCheck },
  { to: "/admin/catalogue", label: msg("Catalogue"), icon: IconLibraryPhoto },
  { to: "/admin/review", label: msg("Review"), icon: IconChecklist },
  { to: "/admin/transactions", label: msg("Transactions"), icon: IconReceipt },
  { to: "/admin/orders", label: msg("Orders"), icon: IconShoppingCart },
  { to: "/admin/subscriptions", label: msg("Subscriptions"), icon: IconCrown },
  { to: "/admin/packages", label: msg("Packages"), icon: IconPackage },
  { to: "/admin/payouts", label: msg("Payouts"), icon: IconCash },
  { to: "/admin/coupons", label: msg("Coupons"), icon: IconTicket },
  { to: "/admin/taxes", label: msg("Taxes"), icon: IconReceiptTax },
  { to: "/admin/categories", label: msg("Categories"), icon: IconCategory },
  { to: "/admin/posts", label: msg("Posts"), icon: IconNews },
  { to: "/admin/comments", label: msg("Comments"), icon: IconMessageCircle },
  { to: "/admin/reports", label: msg("Reports"), icon: IconFlag },
  { to: "/admin/banners", label: msg("Banners"), icon: IconPhotoStar },
  { to: "/admin/system", label: msg("System"), icon: IconCpu },
  { to: "/admin/audit", label: msg("Audit trail"), icon: IconHistory },
] as const;

export function useIsAdmin(): boolean {
  return useAppSelector((s) => s.auth.loggedIn && s.user.current.role === "admin");
}

/** What a signed-in non-admin sees on any /admin page. */
export function AdminForbidden() {
  const { t } = useTranslation();
  return <SectionForbidden testId="admin-forbidden" message={t("This area is for administrators.")} />;
}

/**
 * The frame of every admin screen. Renders the 403 page instead of `children` for anyone but an admin; the role
 * comes from the store the root loader fills on the server, so no admin UI is ever rendered for others.
 */
export function AdminPage(props: SectionPageProps) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <SectionFrame navLabel={t("Admin")} sections={ADMIN_SECTIONS} size="lg" {...props} />;
}

/**
 * An admin screen showing one record the loader read (`detail`: its result, or the error to retry), with a way back
 * to its list: a transaction's page, an order's page.
 */
export function AdminDetailPage<T>({
  title,
  description,
  back,
  detail,
  children,
}: {
  title: string;
  description: string;
  /** The list it belongs to: `{ to: "/admin/orders", label: msg("All orders") }`. */
  back: { to: string; label: string };
  detail: { result: T | null; error: string | null };
  children: (result: T) => ReactNode;
}) {
  const revalidator = useRevalidator();
  return (
    <AdminPage
      title={title}
      description={description}
      actions={
        <Button component={Link} to={back.to} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          {back.label}
        </Button>
      }
    >
      {detail.result !== null ? (
        children(detail.result)
      ) : (
        <ListPanel label={title} error={detail.error} onRetry={() => void revalidator.revalidate()} ready>
          {null}
        </ListPanel>
      )}
    </AdminPage>
  );
}
