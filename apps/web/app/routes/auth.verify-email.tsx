import { Button, Card, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import { Link } from "react-router";
import { errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { serverApi } from "../lib/root-data.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.verify-email";

export const handle = pages.verifyEmail.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Verify email", "Confirm the email address of your account.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { ok: false, message: "This verification link is incomplete." };
  try {
    const res = await serverApi(request, context, null).post<{ message: string }>("/auth/email-verification", {
      token,
    });
    return { ok: true, message: res?.message || "Your email address has been verified." };
  } catch (error) {
    return { ok: false, message: errorMessage(error, "This verification link is invalid or has expired.") };
  }
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const { ok, message } = loaderData;
  return (
    <Card w={460} maw="100%" shadow="md">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius={36} variant="light" color={ok ? "teal" : "red"}>
          {ok ? <IconCircleCheck size={40} /> : <IconCircleX size={40} />}
        </ThemeIcon>
        <Title order={1} fz={26}>
          {ok ? "Email verified" : "Verification failed"}
        </Title>
        <Text c="dimmed" data-testid="verify-result">
          {message}
        </Text>
        <Button component={Link} to="/auth/login" fullWidth size="md">
          Go to login
        </Button>
        {!ok && (
          <Button component={Link} to="/auth/resend-verification" variant="subtle" fullWidth>
            Send a new verification email
          </Button>
        )}
      </Stack>
    </Card>
  );
}
