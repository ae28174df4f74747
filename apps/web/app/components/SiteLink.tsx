import { linkKind } from "@marquee/contracts/links";
import type { MenuItem } from "@marquee/contracts/settings";
import type { CSSProperties, ReactNode } from "react";
import { NavLink } from "react-router";

/**
 * A settings menu entry: internal paths route client-side; external ones and "new tab" entries open normally.
 * An entry whose path breaks the shared link rule (stored before the rule, or a tampered local copy) is left out
 * rather than rendered as a link that could leave the site.
 */
export function SiteLink({
  item,
  className,
  style,
  onClick,
  children,
}: {
  item: Pick<MenuItem, "path" | "isOpenNewTab" | "title">;
  className?: string;
  style?: CSSProperties;
  onClick?: () => void;
  children?: ReactNode;
}) {
  const content = children ?? item.title;
  const kind = linkKind(item.path);
  if (!kind) return null;
  if (kind === "external" || item.isOpenNewTab) {
    return (
      <a
        href={item.path}
        className={className}
        style={style}
        onClick={onClick}
        {...(item.isOpenNewTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      >
        {content}
      </a>
    );
  }
  return (
    <NavLink to={item.path} className={className} style={style} onClick={onClick} end>
      {content}
    </NavLink>
  );
}

export function sortedMenus<T extends { section: string; ordering: number }>(menus: T[], section: T["section"]): T[] {
  return menus.filter((m) => m.section === section).sort((a, b) => a.ordering - b.ordering);
}
