import type { ReactNode } from "react";

/** Bare: the page draws everything itself. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
