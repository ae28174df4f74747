import { Anchor, Button, Card, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Offer, TrackingLink } from "@marquee/contracts/offers";
import { IconLink } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { DataTable, ListPanel } from "../components/admin/ManageList.tsx";
import { OfferForm } from "../components/promotions/OfferForm.tsx";
import { OfferList } from "../components/promotions/OfferList.tsx";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { fieldErrorsFrom } from "../lib/form-errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/studio.promotions";

export const handle = pages.studioPromotions.handle;

const DESCRIPTION = msg("Offers on your subscription (discounts, free trials, bundles) and tracking links.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Promotions"), t(DESCRIPTION));
};

/** The performer's offers and tracking links. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const [offers, links] = await Promise.all([
    loaded(api.get<{ data: Offer[] }>("/studio/offers"), msg("Could not load your offers.")),
    loaded(api.get<{ data: TrackingLink[] }>("/studio/tracking-links"), msg("Could not load your tracking links.")),
  ]);
  return { offers, links };
}

/** Creating and stopping offers; creating tracking links. */
export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    createOffer: (api, { body }) => api.post("/studio/offers", body),
    setOfferActive: (api, { id, active }) => api.put(`/studio/offers/${String(id)}`, { active }),
    createLink: (api, { name }) => api.post("/studio/tracking-links", { name }),
  });
}

function LinkForm() {
  const { t } = useTranslation();
  const { run, busy } = useIntent();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const create = async () => {
    setError(undefined);
    try {
      await run("createLink", { name: name.trim() });
      setName("");
      notifications.show({ color: "teal", message: t("The tracking link is ready: share it.") });
    } catch (e) {
      const fields = fieldErrorsFrom(e);
      setError(fields.name ?? errorMessage(e, t("Could not create the link.")));
    }
  };
  return (
    <form
      aria-label={t("New tracking link")}
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <Group align="flex-end">
        <TextInput
          label={t("Link name")}
          description={t("Where you will share it, e.g. your Twitter bio.")}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={80}
          error={error}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={busy} leftSection={<IconLink size={16} aria-hidden />}>
          {t("Create the link")}
        </Button>
      </Group>
    </form>
  );
}

export default function StudioPromotionsPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  const revalidator = useRevalidator();
  const { t } = useTranslation();
  const f = useFormat();
  const { run, busy } = useIntent();
  if (!role) return <StudioForbidden />;
  const { offers, links } = loaderData;
  const linkRows = links.result?.data ?? [];
  return (
    <StudioPage title={t("Promotions")} description={t(DESCRIPTION)}>
      <Stack gap="lg">
        <Card component="section" aria-labelledby="new-offer-title" padding="md">
          <Stack gap="md">
            <Title order={2} fz="lg" id="new-offer-title">
              {t("New offer")}
            </Title>
            <Text size="sm" c="dimmed">
              {t(
                "A trial gives each member one free trial with you, ever. A discount takes a percent off the first period, then your regular price renews. A bundle sells several months at one price and renews as the same bundle.",
              )}
            </Text>
            <OfferForm performer create={(body) => run("createOffer", { body })} />
          </Stack>
        </Card>
        <OfferList
          label={t("Your offers")}
          offers={offers}
          run={run}
          busy={busy}
          rowTestId="studio-offer"
          linkTestId="offer-link"
          termsUnderTitle
        />
        <Card component="section" aria-labelledby="tracking-title" padding="md">
          <Stack gap="md">
            <Title order={2} fz="lg" id="tracking-title">
              {t("Tracking links")}
            </Title>
            <Text size="sm" c="dimmed">
              {t(
                "A tracking link leads to your profile. You see its clicks, the members who signed up after a click, and how many of them paid.",
              )}
            </Text>
            <LinkForm />
          </Stack>
        </Card>
        <ListPanel
          label={t("Your tracking links")}
          error={links.error && t(links.error)}
          onRetry={() => void revalidator.revalidate()}
          ready
          count={linkRows.length}
          empty={{ icon: IconLink, message: t("No tracking links yet.") }}
        >
          <DataTable
            label={t("Your tracking links")}
            minWidth={720}
            columns={[
              { label: t("Name") },
              { label: t("Link") },
              { label: t("Clicks"), right: true },
              { label: t("Sign-ups"), right: true },
              { label: t("Paid conversions"), right: true },
              { label: t("Revenue"), right: true },
            ]}
          >
            {linkRows.map((l) => (
              <Table.Tr key={l._id} data-testid="tracking-link">
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>
                  <Anchor href={l.link} data-testid="tracking-link-url">
                    {l.link}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right" data-testid="tracking-clicks">
                  {l.clicks}
                </Table.Td>
                <Table.Td ta="right" data-testid="tracking-signups">
                  {l.signups}
                </Table.Td>
                <Table.Td ta="right" data-testid="tracking-conversions">
                  {l.conversions}
                </Table.Td>
                <Table.Td ta="right">{f.price(l.revenue)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </ListPanel>
      </Stack>
    </StudioPage>
  );
}
