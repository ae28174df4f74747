import { Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The page title of the auth screens, with a dimmed line under it. */
export function AuthHeading({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Title order={1} fz={30}>
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {children}
      </Text>
    </div>
  );
}
