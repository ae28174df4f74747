import { Menu, Text } from "@mantine/core";
import {
  IconBell,
  IconClock,
  IconHistory,
  IconLogout,
  IconMail,
  IconMovie,
  IconNews,
  IconPackage,
  IconShieldCheck,
  IconShieldLock,
  IconStar,
  IconUserCircle,
} from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "../i18n/use-translation.ts";
import { useLogout } from "../lib/logout.ts";
import { useAppSelector } from "../state/store.ts";
import { AccountButton } from "./AccountButton.tsx";

/** Loaded on its own after hydration (DeferredAccountMenu); `defaultOpened` when the button was clicked meanwhile. */
export function AccountMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const user = useAppSelector((s) => s.user.current);
  const logout = useLogout();
  const { t } = useTranslation();

  return (
    <Menu shadow="lg" width={220} position="bottom-end" radius="md" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <AccountButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" c="dimmed" truncate="end">
            {t("Signed in as {{who}}", { who: user.username ? `@${user.username}` : user.email })}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={16} />}>
          {t("My account")}
        </Menu.Item>
        <Menu.Item component={Link} to="/feed" leftSection={<IconNews size={16} />} data-testid="menu-feed">
          {t("Feed")}
        </Menu.Item>
        <Menu.Item component={Link} to="/account/orders" leftSection={<IconPackage size={16} />}>
          {t("My orders")}
        </Menu.Item>
        <Menu.Item component={Link} to="/account/favourites" leftSection={<IconStar size={16} />}>
          {t("My favourites")}
        </Menu.Item>
        <Menu.Item component={Link} to="/account/watch-later" leftSection={<IconClock size={16} />}>
          {t("Watch later")}
        </Menu.Item>
        <Menu.Item component={Link} to="/account/history" leftSection={<IconHistory size={16} />}>
          {t("Watch history")}
        </Menu.Item>
        <Menu.Item component={Link} to="/notifications" leftSection={<IconBell size={16} />}>
          {t("Notifications")}
        </Menu.Item>
        <Menu.Item component={Link} to="/contact" leftSection={<IconMail size={16} />}>
          {t("Contact us")}
        </Menu.Item>
        {user.role === "user" && (
          <Menu.Item component={Link} to="/verification" leftSection={<IconShieldCheck size={16} />}>
            {t("Become a performer")}
          </Menu.Item>
        )}
        {(user.role === "performer" || user.role === "admin") && (
          <Menu.Item component={Link} to="/studio" leftSection={<IconMovie size={16} />}>
            {t("Studio")}
          </Menu.Item>
        )}
        {user.role === "admin" && (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} />}>
            {t("Admin")}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t("Log out")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
