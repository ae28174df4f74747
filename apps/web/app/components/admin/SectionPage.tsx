import { Button, Card, Container, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import { IconChevronRight, IconLock, type TablerIcon } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";

/** One entry of an area's navigation (admin, studio); its label is an English text marked with msg(), shown through t. */
export type Section = { readonly to: string; readonly label: string; readonly icon: TablerIcon };

/** What a signed-in user without the right role sees on any page of a restricted area. */
export function SectionForbidden({ testId, message }: { testId: string; message: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md" data-testid={testId}>
        <ThemeIcon size={64} radius="xl" variant="light" color="red" aria-hidden>
          <IconLock size={32} />
        </ThemeIcon>
        <Text c="dimmed" fw={700} fz="sm" tt="uppercase">
          {t("403 · Forbidden")}
        </Text>
        <Title order={1}>{t("Access denied")}</Title>
        <Text c="dimmed">{message}</Text>
        <Button component={Link} to="/">
          {t("Back to home")}
        </Button>
      </Stack>
    </Container>
  );
}

function SectionNav({ label, sections }: { label: string; sections: readonly Section[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={label} gap={6}>
      {sections.map(({ to, label: text, icon: Icon }) => {
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
            {t(text)}
          </Button>
        );
      })}
    </Group>
  );
}

export type SectionPageProps = {
  title: string;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of every page of an area: its navigation, the page's heading and actions, then the content. */
export function SectionFrame({
  navLabel,
  sections,
  size,
  title,
  description,
  actions,
  children,
}: SectionPageProps & { navLabel: string; sections: readonly Section[]; size: "lg" | "xl" }) {
  return (
    <Container size={size} pb="xl">
      <Stack gap="xl">
        <Stack gap="md">
          <SectionNav label={navLabel} sections={sections} />
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

/** A card of an area's overview page that leads to one of its sections. */
export function SectionCard({
  section,
  description,
  extra,
}: {
  section: Section;
  description: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { to, icon: Icon } = section;
  const label = t(section.label);
  return (
    <UnstyledButton component={Link} to={to} className="marquee-admin-card">
      <Card h="100%">
        <Stack gap="sm">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <Icon size={24} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {label}
          </Title>
          {extra}
          <Text c="dimmed" size="sm">
            {description}
          </Text>
          <Text
            c="var(--mantine-primary-color-light-color)"
            fw={600}
            size="sm"
            style={{ display: "flex", alignItems: "center", gap: 4 }}
          >
            {t("Open {{section}}", { section: label.toLowerCase() })} <IconChevronRight size={14} />
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
