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
import { useAppSelector } from "../../state/store.ts";
import { ListPanel } from "./ManageList.tsx";
import { SectionForbidden, SectionFrame, type SectionPageProps } from "./SectionPage.tsx";

export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Overview", icon: IconLayoutDashboard },
  { to: "/admin/settings", label: "Settings", icon: IconSettings },
  { to: "/admin/countries", label: "Countries", icon: IconWorldOff },
  { to: "/admin/users", label: "Users", icon: IconUsers },
  { to: "/admin/performers", label: "Performers", icon: IconUserStar },
  { to: "/admin/verifications", label: "Verifications", icon: IconShieldCheck },
  { to: "/admin/catalogue", label: "Catalogue", icon: IconLibraryPhoto },
  { to: "/admin/review", label: "Review", icon: IconChecklist },
  { to: "/admin/transactions", label: "Transactions", icon: IconReceipt },
  { to: "/admin/orders", label: "Orders", icon: IconShoppingCart },
  { to: "/admin/subscriptions", label: "Subscriptions", icon: IconCrown },
  { to: "/admin/packages", label: "Packages", icon: IconPackage },
  { to: "/admin/payouts", label: "Payouts", icon: IconCash },
  { to: "/admin/coupons", label: "Coupons", icon: IconTicket },
  { to: "/admin/categories", label: "Categories", icon: IconCategory },
  { to: "/admin/posts", label: "Posts", icon: IconNews },
  { to: "/admin/comments", label: "Comments", icon: IconMessageCircle },
  { to: "/admin/reports", label: "Reports", icon: IconFlag },
  { to: "/admin/banners", label: "Banners", icon: IconPhotoStar },
  { to: "/admin/system", label: "System", icon: IconCpu },
  { to: "/admin/audit", label: "Audit trail", icon: IconHistory },
] as const;

export function useIsAdmin(): boolean {
  return useAppSelector((s) => s.auth.loggedIn && s.user.current.role === "admin");
}

/** What a signed-in non-admin sees on any /admin page. */
export function AdminForbidden() {
  return <SectionForbidden testId="admin-forbidden" message="This area is for administrators." />;
}

/**
 * The frame of every admin screen. Renders the 403 page instead of `children` for anyone but an admin; the role
 * comes from the store the root loader fills on the server, so no admin UI is ever rendered for others.
 */
export function AdminPage(props: SectionPageProps) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <SectionFrame navLabel="Admin" sections={ADMIN_SECTIONS} size="lg" {...props} />;
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
  /** The list it belongs to: `{ to: "/admin/orders", label: "All orders" }`. */
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
