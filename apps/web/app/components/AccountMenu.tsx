import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconLogout, IconMail, IconMovie, IconShieldLock, IconUserCircle } from "@tabler/icons-react";
import { Link } from "react-router";
import { useLogout } from "../lib/logout.ts";
import { useAppSelector } from "../state/store.ts";

export function AccountMenu() {
  const user = useAppSelector((s) => s.user.current);
  const logout = useLogout();
  const displayName = user.name || user.username || "Account";

  return (
    <Menu shadow="lg" width={220} position="bottom-end" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" px={6} py={4} style={{ borderRadius: "var(--mantine-radius-xl)" }}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.avatar} alt="" radius="xl" size={34} />
            <Text fw={600} size="sm" visibleFrom="sm" maw={160} truncate="end" data-testid="header-user-name">
              {displayName}
            </Text>
            <IconChevronDown size={14} stroke={1.8} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" c="dimmed" truncate="end">
            Signed in as {user.username ? `@${user.username}` : user.email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={16} />}>
          My account
        </Menu.Item>
        <Menu.Item component={Link} to="/contact" leftSection={<IconMail size={16} />}>
          Contact us
        </Menu.Item>
        {(user.role === "performer" || user.role === "admin") && (
          <Menu.Item component={Link} to="/studio" leftSection={<IconMovie size={16} />}>
            Studio
          </Menu.Item>
        )}
        {user.role === "admin" && (
          <Menu.Item component={Link} to="/admin" leftSection={<IconShieldLock size={16} />}>
            Admin
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
