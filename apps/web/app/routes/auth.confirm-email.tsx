import { Button, Card, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import { Link } from "react-router";
import { errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { serverApi } from "../lib/root-data.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/auth.confirm-email";

export const handle = pages.confirmEmail.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Confirm new email", "Confirm the new email address of your account.");

// The link is mailed to the new address and may be opened in any browser: the token alone proves the address.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { ok: false, message: "This confirmation link is incomplete." };
  try {
    const res = await serverApi(request, context, null).post<{ message: string }>("/auth/email-change/confirm", {
      token,
    });
    return { ok: true, message: res?.message || "Your new email address is confirmed." };
  } catch (error) {
    return { ok: false, message: errorMessage(error, "This confirmation link is invalid or has expired.") };
  }
}

export default function ConfirmEmailPage({ loaderData }: Route.ComponentProps) {
  const { ok, message } = loaderData;
  return (
    <Card w={460} maw="100%" shadow="md">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius={36} variant="light" color={ok ? "teal" : "red"}>
          {ok ? <IconCircleCheck size={40} /> : <IconCircleX size={40} />}
        </ThemeIcon>
        <Title order={1} fz={26}>
          {ok ? "New email confirmed" : "Confirmation failed"}
        </Title>
        <Text c="dimmed" data-testid="confirm-email-result">
          {message}
        </Text>
        <Button component={Link} to="/account" fullWidth size="md">
          Go to my account
        </Button>
      </Stack>
    </Card>
  );
}
