import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { Link } from "react-router";
import { ADMIN_SECTIONS, AdminPage } from "../components/admin/AdminPage.tsx";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin";

export const handle = pages.admin.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Admin", "Run the site: settings, country blocking, accounts and the catalogue.");

const descriptions: Record<string, string> = {
  "/admin/settings": "Site name, branding, menus, maintenance mode, payments and sign-up rules.",
  "/admin/countries": "Block visitors from chosen countries and lift blocks again.",
  "/admin/users": "Find accounts, change roles and activate or deactivate users.",
  "/admin/performers": "Turn members into performers, edit their profiles and switch them on or off.",
  "/admin/categories": "The categories of performers, movies, galleries and products.",
  "/admin/posts": "News posts and pages such as the home and contact texts.",
  "/admin/banners": "The promotional banners on the home page, by position.",
};

export default function AdminOverviewPage() {
  return (
    <AdminPage title="Admin" description="Everything you need to run the site, in one place.">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {ADMIN_SECTIONS.filter((s) => s.to !== "/admin").map(({ to, label, icon: Icon }) => (
          <UnstyledButton key={to} component={Link} to={to} className="marquee-admin-card">
            <Card h="100%">
              <Stack gap="sm">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <Icon size={24} />
                </ThemeIcon>
                <Title order={2} fz="lg">
                  {label}
                </Title>
                <Text c="dimmed" size="sm">
                  {descriptions[to]}
                </Text>
                <Text
                  c="var(--mantine-primary-color-light-color)"
                  fw={600}
                  size="sm"
                  style={{ display: "flex", alignItems: "center", gap: 4 }}
                >
                  Open {label.toLowerCase()} <IconChevronRight size={14} />
                </Text>
              </Stack>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </AdminPage>
  );
}
