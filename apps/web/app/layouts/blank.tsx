import { Box, Center } from "@mantine/core";
import type { ReactNode } from "react";

/** A centred page with no header or footer. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" mih="100vh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Center mih="100vh" p="md">
        {children}
      </Center>
    </Box>
  );
}
