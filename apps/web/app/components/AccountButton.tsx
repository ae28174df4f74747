import { Avatar, Box, Group, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { type ComponentPropsWithRef, lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { useAppSelector } from "../state/store.ts";

/** The header's avatar button, the account menu's target. */
export function AccountButton(props: ComponentPropsWithRef<"button">) {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.user.current);
  const displayName = user.name || user.username || t("Account");
  return (
    <UnstyledButton
      aria-label={t("Account menu")}
      px={6}
      py={4}
      style={{ borderRadius: "var(--mantine-radius-xl)" }}
      {...props}
      className={props.className ? `marquee-account-button ${props.className}` : "marquee-account-button"}
    >
      <Group gap={8} wrap="nowrap">
        <Avatar src={user.avatar} alt="" radius="xl" size={34} />
        <Text fw={600} size="sm" visibleFrom="sm" maw={160} truncate="end" data-testid="header-user-name">
          {displayName}
        </Text>
        <Box component="span" visibleFrom="sm" display="flex">
          <IconChevronDown size={14} stroke={1.8} />
        </Box>
      </Group>
    </UnstyledButton>
  );
}

const AccountMenu = lazy(() => import("./AccountMenu.tsx").then((m) => ({ default: m.AccountMenu })));

/**
 * The account menu (members only) brings Popover and floating-ui, which visitors' pages do without: it loads after
 * hydration. Until then the same button stands in, and a click on it opens the menu as soon as it has arrived.
 */
export function DeferredAccountMenu() {
  const [hydrated, setHydrated] = useState(false);
  const [clicked, setClicked] = useState(false);
  useEffect(() => setHydrated(true), []);
  const button = <AccountButton onClick={() => setClicked(true)} />;
  return hydrated ? (
    <Suspense fallback={button}>
      <AccountMenu defaultOpened={clicked} />
    </Suspense>
  ) : (
    button
  );
}
