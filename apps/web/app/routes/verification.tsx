import { Container, Stack, Text, Title } from "@mantine/core";
import { VerificationPanel } from "../components/verification/VerificationPanel.tsx";
import { pageMeta } from "../lib/meta.ts";
import { loadVerification } from "../lib/verification.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/verification";

export const handle = pages.verification.handle;

const DESCRIPTION = "Verify your identity and age to publish on the site and be paid.";
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Become a performer", DESCRIPTION);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadVerification(request, context);
}

/** "Become a performer": any signed-in user applies here; an approved application opens the studio. */
export default function VerificationPage({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="lg" pb="xl">
      <Stack gap="xl">
        <div>
          <Title order={1}>Become a performer</Title>
          <Text c="dimmed">{DESCRIPTION}</Text>
        </div>
        <VerificationPanel {...loaderData} />
      </Stack>
    </Container>
  );
}
