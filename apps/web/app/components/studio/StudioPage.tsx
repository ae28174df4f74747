import "./studio.css";
import { Button, Container, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconLayoutDashboard, IconLock, IconMovie, IconPhoto, IconUserStar } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useAppSelector } from "../../state/store.ts";

export const STUDIO_SECTIONS = [
  { to: "/studio", label: "Overview", icon: IconLayoutDashboard },
  { to: "/studio/movies", label: "Movies", icon: IconMovie },
  { to: "/studio/galleries", label: "Galleries", icon: IconPhoto },
  { to: "/studio/profile", label: "Profile", icon: IconUserStar },
] as const;

/** Performers use the studio for their own work; admins may use it too (for any performer). */
export function useStudioRole(): "performer" | "admin" | null {
  return useAppSelector((s) => {
    if (!s.auth.loggedIn) return null;
    const role = s.user.current.role;
    return role === "performer" || role === "admin" ? role : null;
  });
}

/** What a signed-in user who is not a performer sees on any /studio page. */
export function StudioForbidden() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md" data-testid="studio-forbidden">
        <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
          <IconLock size={32} />
        </ThemeIcon>
        <Text c="dimmed" fw={700} fz="sm" tt="uppercase">
          403 · Forbidden
        </Text>
        <Title order={1}>Access denied</Title>
        <Text c="dimmed">The studio is for performers. Ask the site's team if you would like to publish here.</Text>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}

function StudioNav() {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Studio" gap={6}>
      {STUDIO_SECTIONS.map(({ to, label, icon: Icon }) => {
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

/** The frame of every studio screen; the 403 page instead of `children` for anyone but performers and admins. */
export function StudioPage({
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
  const role = useStudioRole();
  if (!role) return <StudioForbidden />;
  return (
    <Container size="xl" pb="xl">
      <Stack gap="xl">
        <Stack gap="md">
          <StudioNav />
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
