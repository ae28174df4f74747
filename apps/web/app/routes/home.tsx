import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconMovie, IconPhoto, IconShoppingBag, IconUsers } from "@tabler/icons-react";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/home";

export const handle = pages.home.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, null, "Movies, galleries and exclusive content from the performers you follow.");

interface Section {
  id: string;
  title: string;
  description: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/** The catalogue sections the home page will carry; each is an empty, labelled slot until its issue lands. */
const sections: Section[] = [
  { id: "latest-movies", title: "Latest movies", description: "New releases from performers.", icon: IconMovie },
  { id: "performers", title: "Performers", description: "Creators to discover and follow.", icon: IconUsers },
  { id: "galleries", title: "Galleries", description: "Photo sets and behind the scenes.", icon: IconPhoto },
  { id: "store", title: "Store", description: "Merchandise and digital goods.", icon: IconShoppingBag },
];

function Hero() {
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.data.siteName);
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const name = useAppSelector((s) => s.user.current.name);

  return (
    <Box className="marquee-hero" px={{ base: "lg", sm: 48 }} py={{ base: 48, sm: 72 }}>
      <Stack gap="lg" maw={640} pos="relative">
        <Badge variant="white" color="grape" size="lg" radius="sm" w="fit-content">
          {loggedIn ? "Welcome back" : "Members media"}
        </Badge>
        <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.1} c="white">
          {loggedIn && name ? `Good to see you, ${name}.` : `Welcome to ${siteName}`}
        </Title>
        <Text fz={{ base: "md", sm: "lg" }} c="gray.2">
          Movies, galleries and exclusive drops from the performers you follow, all in one place.
        </Text>
        <Group gap="sm">
          {loggedIn ? (
            <>
              <Button component="a" href="#latest-movies" size="md" variant="white" color="grape">
                Browse the catalogue
              </Button>
              <Button component={Link} to="/account" size="md" variant="outline" color="white">
                My account
              </Button>
            </>
          ) : (
            <>
              <Button component={Link} to="/auth/register" size="md" variant="white" color="grape">
                Create a free account
              </Button>
              <Button component={Link} to="/auth/login" size="md" variant="outline" color="white">
                I already have an account
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Box>
  );
}

export default function HomePage() {
  return (
    <Container size="xl">
      <Stack gap={56}>
        <Hero />
        {sections.map((section) => (
          <Box component="section" key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <Group justify="space-between" mb="md">
              <div>
                <Title order={2} id={`${section.id}-title`} fz={24}>
                  {section.title}
                </Title>
                <Text c="dimmed" size="sm">
                  {section.description}
                </Text>
              </div>
            </Group>
            <Box className="marquee-placeholder" p="xl" data-section={section.id}>
              <Group gap="md" wrap="nowrap">
                <ThemeIcon size={44} radius="md" variant="light">
                  <section.icon size={24} stroke={1.6} />
                </ThemeIcon>
                <Text c="dimmed" size="sm">
                  Nothing here yet. {section.title} will appear here as soon as they are published.
                </Text>
              </Group>
            </Box>
          </Box>
        ))}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {[
            ["Follow performers", "Subscribe to the creators you love and never miss a release."],
            ["Watch anywhere", "Adaptive streaming that looks great on phone, tablet and TV."],
            ["Own your collection", "Buy movies and goods once and keep them in your account."],
          ].map(([title, text]) => (
            <Stack key={title} gap={6}>
              <Text fw={700}>{title}</Text>
              <Text c="dimmed" size="sm">
                {text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
