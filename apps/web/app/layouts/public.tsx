import { Box } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * SPEC section 2's public layout: bare, no header, footer or menus; the page draws everything itself (the sandbox
 * payment page, which stands for a payment gateway's own page).
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      mih="100vh"
      py={48}
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      data-layout="public"
    >
      {children}
    </Box>
  );
}
