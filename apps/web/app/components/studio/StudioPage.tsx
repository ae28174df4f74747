import "./studio.css";
import {
  IconArchive,
  IconCoin,
  IconDiscount,
  IconFlag,
  IconGift,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconMessages,
  IconMovie,
  IconNews,
  IconPackage,
  IconPhoto,
  IconShieldCheck,
  IconShoppingBag,
  IconUserStar,
  IconUsers,
} from "@tabler/icons-react";
import { useMemo } from "react";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useAppSelector } from "../../state/store.ts";
import { SectionForbidden, SectionFrame, type SectionPageProps } from "../admin/SectionPage.tsx";

export const STUDIO_SECTIONS = [
  { to: "/studio", label: msg("Overview"), icon: IconLayoutDashboard },
  { to: "/studio/movies", label: msg("Movies"), icon: IconMovie },
  { to: "/studio/galleries", label: msg("Galleries"), icon: IconPhoto },
  { to: "/studio/products", label: msg("Products"), icon: IconShoppingBag },
  { to: "/studio/posts", label: msg("Posts"), icon: IconNews },
  { to: "/studio/vault", label: msg("Vault"), icon: IconArchive },
  { to: "/studio/messages", label: msg("Messages"), icon: IconMessages },
  { to: "/studio/profile", label: msg("Profile"), icon: IconUserStar },
  { to: "/studio/earnings", label: msg("Earnings"), icon: IconCoin },
  { to: "/studio/tips", label: msg("Tips"), icon: IconGift },
  { to: "/studio/promotions", label: msg("Promotions"), icon: IconDiscount },
  { to: "/studio/subscribers", label: msg("Subscribers"), icon: IconHeartHandshake },
  { to: "/studio/followers", label: msg("Followers"), icon: IconUsers },
  { to: "/studio/orders", label: msg("Orders"), icon: IconPackage },
  { to: "/studio/reports", label: msg("Reports"), icon: IconFlag },
  { to: "/studio/verification", label: msg("Verification"), icon: IconShieldCheck },
] as const;

/** Performers use the studio for their own work; admins may use it too (for any performer). */
export function useStudioRole(): "performer" | "admin" | null {
  return useAppSelector((s) => {
    if (!s.auth.loggedIn) return null;
    const role = s.user.current.role;
    return role === "performer" || role === "admin" ? role : null;
  });
}

/** What a signed-in user who is not a performer sees on any /studio page. */
export function StudioForbidden() {
  const { t } = useTranslation();
  return (
    <SectionForbidden
      testId="studio-forbidden"
      message={t("The studio is for performers. Ask the site's team if you would like to publish here.")}
    />
  );
}

/** The frame of every studio screen; the 403 page instead of `children` for anyone but performers and admins. */
export function StudioPage(props: SectionPageProps) {
  const role = useStudioRole();
  const { t } = useTranslation();
  const sections = useMemo(() => STUDIO_SECTIONS.map((s) => ({ ...s, label: t(s.label) })), [t]);
  if (!role) return <StudioForbidden />;
  return <SectionFrame navLabel={t("Studio")} sections={sections} size="xl" {...props} />;
}
