import { Button, Container, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconCategory,
  IconLayoutDashboard,
  IconLock,
  IconNews,
  IconPhotoStar,
  IconSettings,
  IconUserStar,
  IconUsers,
  IconWorldOff,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useAppSelector } from "../../state/store.ts";

export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Overview", icon: IconLayoutDashboard },
  { to: "/admin/settings", label: "Settings", icon: IconSettings },
  { to: "/admin/countries", label: "Countries", icon: IconWorldOff },
  { to: "/admin/users", label: "Users", icon: IconUsers },
  { to: "/admin/performers", label: "Performers", icon: IconUserStar },
  { to: "/admin/categories", label: "Categories", icon: IconCategory },
  { to: "/admin/posts", label: "Posts", icon: IconNews },
  { to: "/admin/banners", label: "Banners", icon: IconPhotoStar },
] as const;

export function useIsAdmin(): boolean {
  return useAppSelector((s) => s.auth.loggedIn && s.user.current.role === "admin");
}

/** What a signed-in non-admin sees on any /admin page. */
export function AdminForbidden() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md" data-testid="admin-forbidden">
        <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
          <IconLock size={32} />
        </ThemeIcon>
        <Text c="dimmed" fw={700} fz="sm" tt="uppercase">
          403 · Forbidden
        </Text>
        <Title order={1}>Access denied</Title>
        <Text c="dimmed">This area is for administrators.</Text>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}

function AdminNav() {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Admin" gap={6}>
      {ADMIN_SECTIONS.map(({ to, label, icon: Icon }) => {
        const active = pathname === to;
        return (
          <Button
            key={to}
            component={Link}
            to={to}
            size="sm"
            variant={active ? "light" : "subtle"}
            color={active ? undefined : "gray"}
            leftSection={<Icon size={16} />}
            aria-current={active ? "page" : undefined}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}

/**
 * The frame of every admin screen. Renders the 403 page instead of `children` for anyone but an admin; the role
 * comes from the store the root loader fills on the server, so no admin UI is ever rendered for others.
 */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return (
    <Container size="lg" pb="xl">
      <Stack gap="xl">
        <Stack gap="md">
          <AdminNav />
          <Group justify="space-between" align="flex-end" gap="md">
            <div>
              <Title order={1}>{title}</Title>
              <Text c="dimmed">{description}</Text>
            </div>
            {actions}
          </Group>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
