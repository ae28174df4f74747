import "./studio.css";
import {
  IconCoin,
  IconFlag,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconMovie,
  IconPackage,
  IconPhoto,
  IconShieldCheck,
  IconShoppingBag,
  IconUserStar,
} from "@tabler/icons-react";
import { useAppSelector } from "../../state/store.ts";
import { SectionForbidden, SectionFrame, type SectionPageProps } from "../admin/SectionPage.tsx";

export const STUDIO_SECTIONS = [
  { to: "/studio", label: "Overview", icon: IconLayoutDashboard },
  { to: "/studio/movies", label: "Movies", icon: IconMovie },
  { to: "/studio/galleries", label: "Galleries", icon: IconPhoto },
  { to: "/studio/products", label: "Products", icon: IconShoppingBag },
  { to: "/studio/profile", label: "Profile", icon: IconUserStar },
  { to: "/studio/earnings", label: "Earnings", icon: IconCoin },
  { to: "/studio/subscribers", label: "Subscribers", icon: IconHeartHandshake },
  { to: "/studio/orders", label: "Orders", icon: IconPackage },
  { to: "/studio/reports", label: "Reports", icon: IconFlag },
  { to: "/studio/verification", label: "Verification", icon: IconShieldCheck },
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
  return (
    <SectionForbidden
      testId="studio-forbidden"
      message="The studio is for performers. Ask the site's team if you would like to publish here."
    />
  );
}

/** The frame of every studio screen; the 403 page instead of `children` for anyone but performers and admins. */
export function StudioPage(props: SectionPageProps) {
  const role = useStudioRole();
  if (!role) return <StudioForbidden />;
  return <SectionFrame navLabel="Studio" sections={STUDIO_SECTIONS} size="xl" {...props} />;
}
