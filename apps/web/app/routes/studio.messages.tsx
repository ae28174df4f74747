import { SimpleGrid, Stack } from "@mantine/core";
import type { MassMessage, MessagingSettings, WelcomeAnswer } from "@marquee/contracts/messages";
import type { VaultList } from "@marquee/contracts/vault";
import { MassMessageComposer } from "../components/studio/messages/MassMessageComposer.tsx";
import { MassMessageList } from "../components/studio/messages/MassMessageList.tsx";
import { WelcomeEditor } from "../components/studio/messages/WelcomeEditor.tsx";
import { WriteFirstSettings } from "../components/studio/messages/WriteFirstSettings.tsx";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { loaded } from "../lib/actions.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio.messages";

export const handle = pages.studioMessages.handle;

const DESCRIPTION = msg(
  "Mass messages to your fans, the welcome message new subscribers get, and who may write to you.",
);
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Messages"), t(DESCRIPTION));
};

/** How many vault items the composers offer (the API's largest page). */
const VAULT_PAGE = 100;

/** The mass messages with their progress, the welcome message, who may write first, and the vault's newest items. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const [mass, welcome, settings, vault] = await Promise.all([
    loaded(api.get<{ data: MassMessage[] }>("/messages/mass"), msg("Could not load your mass messages.")),
    loaded(api.get<WelcomeAnswer>("/messages/welcome"), msg("Could not load your welcome message.")),
    loaded(api.get<MessagingSettings>("/messages/settings"), msg("Could not load your message settings.")),
    loaded(api.get<VaultList>("/vault", { limit: VAULT_PAGE }), msg("Could not load your vault.")),
  ]);
  return { mass, welcome, settings, vault };
}

export default function StudioMessagesPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  const { t } = useTranslation();
  if (!role) return <StudioForbidden />;
  const { mass, welcome, settings, vault } = loaderData;
  const items = vault.result?.data ?? [];
  const current = welcome.result?.welcome ?? null;
  return (
    <StudioPage title={t("Messages")} description={t(DESCRIPTION)}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: "start" }}>
        <Stack gap="lg">
          <MassMessageComposer vault={items} vaultError={vault.error} />
          <MassMessageList list={mass.result?.data ?? []} error={mass.error} />
        </Stack>
        <Stack gap="lg">
          <WelcomeEditor welcome={current} loadError={welcome.error} vault={items} vaultError={vault.error} />
          <WriteFirstSettings settings={settings.result} loadError={settings.error} />
        </Stack>
      </SimpleGrid>
    </StudioPage>
  );
}
