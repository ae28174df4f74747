import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { TablerIcon } from "@tabler/icons-react";
import { isRouteErrorResponse, Link, useLocation } from "react-router";

/** The error page of a movie or gallery page: not found (404) or failed, with a way back to the list. */
export function DetailError({
  error,
  icon: Icon,
  noun,
  listPath,
  listLabel,
}: {
  error: unknown;
  icon: TablerIcon;
  /** "movie" */
  noun: string;
  listPath: string;
  /** "Browse movies" */
  listLabel: string;
}) {
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Icon size={56} stroke={1.4} aria-hidden />
        <Title order={1}>{notFound ? `${Noun} not found` : `This ${noun} could not be loaded`}</Title>
        <Text c="dimmed" size="lg">
          {notFound
            ? `This ${noun} does not exist or is no longer available.`
            : "Something went wrong on our side. Please try again in a moment."}
        </Text>
        <Group justify="center">
          {/* A failure on our side (the API down or too slow) may be gone on the next request: a full reload. */}
          {!notFound && (
            <Button component="a" href={`${location.pathname}${location.search}`} data-testid="error-retry">
              Try again
            </Button>
          )}
          <Button component={Link} to={listPath} variant={notFound ? "filled" : "default"}>
            {listLabel}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
