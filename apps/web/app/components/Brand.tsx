import { Group, Image, Text } from "@mantine/core";
import { safeLink } from "@marquee/contracts/links";
import { Link } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import { useAppSelector } from "../state/store.ts";

export function Brand({ size = 34, inverted = false }: { size?: number; inverted?: boolean }) {
  const { t } = useTranslation();
  const logo = useAppSelector((s) => s.ui.logo || s.settings.data.logo);
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.data.siteName);
  return (
    <Link
      to="/"
      style={{ textDecoration: "none" }}
      aria-label={t("{{siteName}} home", { siteName })}
      className="marquee-brand"
    >
      <Group gap={10} wrap="nowrap">
        <Image src={safeLink(logo, "/logo.svg")} alt="" w={size} h={size} fit="contain" />
        <Text
          fw={800}
          fz="lg"
          c={inverted ? "white" : "var(--mantine-color-text)"}
          style={{ letterSpacing: -0.3 }}
          className="marquee-brand-name"
        >
          {siteName}
        </Text>
      </Group>
    </Link>
  );
}
