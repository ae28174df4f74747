import type { MenuItem } from "@marquee/contracts/settings";
import type { CSSProperties, ReactNode } from "react";
import { NavLink } from "react-router";
import { isAbsoluteUrl } from "../lib/api.ts";

/** A settings menu entry: internal paths route client-side; external ones and "new tab" entries open normally. */
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
  if (isAbsoluteUrl(item.path) || item.isOpenNewTab) {
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
