import { Anchor, Group } from "@mantine/core";
import { legalPagePath, legalPages } from "@marquee/contracts/age-gate";
import { Link } from "react-router";

/** The legal pages' links (footer, age gate): always open, also before the age gate is passed. */
export function LegalLinks({ size = "sm", justify }: { size?: "xs" | "sm"; justify?: "center" | "flex-start" }) {
  return (
    <Group component="ul" gap="xs" justify={justify} wrap="wrap" m={0} p={0} style={{ listStyle: "none" }}>
      {legalPages.map((page) => (
        <li key={page.slug}>
          <Anchor component={Link} to={legalPagePath(page.slug)} size={size} c="dimmed">
            {page.link}
          </Anchor>
        </li>
      ))}
    </Group>
  );
}
