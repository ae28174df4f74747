import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { TablerIcon } from "@tabler/icons-react";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** Whole sentences per kind of page, so each language words them its own way. */
const TEXTS = {
  performer: {
    notFound: msg("Performer not found"),
    failed: msg("This performer could not be loaded"),
    gone: msg("This performer does not exist or is no longer available."),
  },
  movie: {
    notFound: msg("Movie not found"),
    failed: msg("This movie could not be loaded"),
    gone: msg("This movie does not exist or is no longer available."),
  },
  gallery: {
    notFound: msg("Gallery not found"),
    failed: msg("This gallery could not be loaded"),
    gone: msg("This gallery does not exist or is no longer available."),
  },
  product: {
    notFound: msg("Product not found"),
    failed: msg("This product could not be loaded"),
    gone: msg("This product does not exist or is no longer available."),
  },
  post: {
    notFound: msg("Post not found"),
    failed: msg("This post could not be loaded"),
    gone: msg("This post does not exist or is no longer available."),
  },
} as const;

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
  noun: keyof typeof TEXTS;
  listPath: string;
  /** "Browse movies" */
  listLabel: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const texts = TEXTS[noun];
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Icon size={56} stroke={1.4} aria-hidden />
        <Title order={1}>{notFound ? t(texts.notFound) : t(texts.failed)}</Title>
        <Text c="dimmed" size="lg">
          {notFound ? t(texts.gone) : t("Something went wrong on our side. Please try again in a moment.")}
        </Text>
        <Group justify="center">
          {/* A failure on our side (the API down or too slow) may be gone on the next request: a full reload. */}
          {!notFound && (
            <Button component="a" href={`${location.pathname}${location.search}`} data-testid="error-retry">
              {t("Try again")}
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
