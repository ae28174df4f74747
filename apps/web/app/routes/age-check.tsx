import { Button, Card, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  AGE_GATE_EXIT_PATH,
  ageGateApplies,
  ageGateCookie,
  hasPassedAgeGate,
  safeNextPath,
} from "@marquee/contracts/age-gate";
import { IconShieldCheck } from "@tabler/icons-react";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { LegalLinks } from "../components/LegalLinks.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { clientForwardedFor } from "../lib/session.server.ts";
import { siteState } from "../lib/site-state.server.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/age-check";

export const handle = pages.ageCheck.handle;

/** A browser that passed the gate, or one it does not stand before, goes on to the page it asked for. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get("next"));
  if (hasPassedAgeGate(request.headers.get("cookie"))) throw redirect(next);
  const [settings, geo] = await Promise.all([
    siteState.settings(),
    siteState.country(clientForwardedFor(request, context)),
  ]);
  if (!ageGateApplies(settings, geo.countryCode)) throw redirect(next);
  return null;
}

/** "I am 18 or older": the browser is remembered (a cookie), and goes on to the page it asked for. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const next = safeNextPath(String(form.get("next") ?? ""));
  const secure = new URL(request.url).protocol === "https:";
  return redirect(next, { headers: { "Set-Cookie": ageGateCookie(secure), "Cache-Control": "no-store" } });
}

/** The gate is no page to index: search engines see the legal pages and this, with noindex. */
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(
    matches,
    metaT(matches).t("Adults only"),
    metaT(matches).t("This site is for adults only. Confirm you are 18 or older to enter."),
  ),
  { name: "robots", content: "noindex" },
];

export default function AgeCheck() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const siteName = useAppSelector((s) => s.settings.data.siteName);
  const submitting = useNavigation().state !== "idle";
  const next = safeNextPath(params.get("next"));
  return (
    <Card withBorder radius="lg" shadow="sm" p={{ base: "lg", sm: "xl" }} maw={520} w="100%" data-testid="age-gate">
      <Stack gap="lg" align="center" ta="center">
        <ThemeIcon size={64} radius={32} variant="light" aria-hidden>
          <IconShieldCheck size={36} stroke={1.5} />
        </ThemeIcon>
        <Stack gap="xs">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t("Adults only")}
          </Title>
          <Text>
            {t(
              "{{siteName}} contains sexually explicit material. You may enter only if you are 18 or older and of legal age to view such material where you live.",
              { siteName },
            )}
          </Text>
        </Stack>
        <Form method="post" replace style={{ width: "100%" }}>
          <input type="hidden" name="next" value={next} />
          <Stack gap="sm">
            <Button type="submit" size="md" fullWidth loading={submitting}>
              {t("I am 18 or older — Enter")}
            </Button>
            <Button component={Link} to={AGE_GATE_EXIT_PATH} variant="default" size="md" fullWidth>
              {t("I am under 18 — Exit")}
            </Button>
          </Stack>
        </Form>
        <Text size="xs" c="dimmed">
          {t("Your answer is remembered in this browser for a year.")}
        </Text>
        <nav aria-label={t("Legal")}>
          <LegalLinks size="xs" justify="center" />
        </nav>
      </Stack>
    </Card>
  );
}
