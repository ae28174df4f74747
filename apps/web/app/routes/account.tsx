import { Anchor, Container, Grid, Group, Stack, Text, Title } from "@mantine/core";
import type { SessionItem, TwoFactorStatus } from "@marquee/contracts/auth";
import type { DigestFrequency } from "@marquee/contracts/feed";
import type { Transaction } from "@marquee/contracts/payments";
import type { CurrentSubscriptions } from "@marquee/contracts/subscriptions";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { AccountSessions } from "../components/AccountSessions.tsx";
import { AvatarCard } from "../components/account/AvatarCard.tsx";
import { MembershipCard } from "../components/account/MembershipCard.tsx";
import { NewsDigestCard } from "../components/account/NewsDigestCard.tsx";
import { PasswordForm } from "../components/account/PasswordForm.tsx";
import { PaymentsCard } from "../components/account/PaymentsCard.tsx";
import { ProfileForm } from "../components/account/ProfileForm.tsx";
import { TwoFactorCard } from "../components/account/TwoFactorCard.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, reauthenticateIntent, textOf } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { countryList, phoneCodeList } from "../lib/lookups.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { updateStatusCleared } from "../state/user.ts";
import type { Route } from "./+types/account";

export const handle = pages.account.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(
    matches,
    t("My account"),
    t("Manage your profile, avatar, password and sessions, and see your membership and payments."),
  );
};

/** The member's sessions and latest payments, and the country and dial-code choices of the profile form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const [sessions, countries, phoneCodes, payments, subscriptions, twoFactor, digest] = await Promise.all([
    api.get<{ data: SessionItem[] }>("/auth/users/me/sessions").then(
      ({ data }) => ({ sessions: data, sessionsError: null }),
      (error: unknown) => ({
        sessions: [] as SessionItem[],
        sessionsError: errorMessage(error, msg("Could not load your sessions.")),
      }),
    ),
    countryList(api).catch(() => []),
    phoneCodeList(api).catch(() => []),
    api.get<{ data: Transaction[] }>("/payment/transactions", { limit: 10 }).then(
      ({ data }) => ({ payments: data, paymentsError: null }),
      (error: unknown) => ({
        payments: [] as Transaction[],
        paymentsError: errorMessage(error, msg("Could not load your payments.")),
      }),
    ),
    api.get<CurrentSubscriptions>("/subscriptions/current").then(
      (current) => ({ subscriptions: current, subscriptionsError: null }),
      (error: unknown) => ({
        subscriptions: null,
        subscriptionsError: errorMessage(error, msg("Could not load your membership.")),
      }),
    ),
    api.get<TwoFactorStatus>("/auth/two-factor").catch(() => null),
    api.get<{ frequency: DigestFrequency }>("/news/digest").then(
      (d) => d.frequency,
      () => null,
    ),
  ]);
  const seen = new Set<string>();
  const dialCodes = (phoneCodes ?? []).flatMap((c) => {
    if (!c.dialCode || seen.has(c.dialCode)) return [];
    seen.add(c.dialCode);
    return [{ value: c.dialCode, label: `${c.dialCode} ${c.name}` }];
  });
  const options = { countries: (countries ?? []).map((c) => ({ value: c.code, label: c.name })), dialCodes };
  return { ...sessions, ...payments, ...subscriptions, twoFactor, digest, options };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    profile: (api, changes) => api.put("/users", changes),
    password: (api, { currentPassword, password }) =>
      api.put("/auth/users/me/password", { currentPassword, password, source: "user" }),
    logoutOthers: (api) => api.del("/auth/users/me/sessions"),
    cancelSubscription: (api, payload) =>
      api.post(`/subscriptions/cancel/${encodeURIComponent(textOf(payload, "id"))}`),
    logoutSession: (api, payload) => api.del(`/auth/users/me/sessions/${encodeURIComponent(textOf(payload, "id"))}`),
    reauthenticate: reauthenticateIntent,
    twoFactorSetup: (api) => api.post("/auth/two-factor/setup"),
    twoFactorConfirm: (api, { code, trustDevice }) =>
      api.post("/auth/two-factor/confirm", { code, trustDevice: trustDevice === true }),
    twoFactorRecoveryCodes: (api) => api.post("/auth/two-factor/recovery-codes"),
    twoFactorDisable: (api) => api.del("/auth/two-factor"),
    newsDigest: (api, { frequency }) => api.put("/news/digest", { frequency }),
  });
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const user = useAppSelector((s) => s.user.current);
  const dispatch = useAppDispatch();
  // The forms' "saved" messages (user.updateSuccess, user.updatedPassword) belong to this visit of the page.
  useEffect(() => () => void dispatch(updateStatusCleared()), [dispatch]);
  const [search] = useSearchParams();
  const { t } = useTranslation();
  const required = loaderData.twoFactor?.required === true || search.get("twoFactor") === "required";
  return (
    <Container size="lg">
      <Stack gap="xl">
        <div>
          <Title order={1}>{t("My account")}</Title>
          <Text c="dimmed">{t("Keep your profile up to date and your account secure.")}</Text>
          <Group gap="md">
            <Anchor component={Link} to="/account/library" size="sm" data-testid="account-library-link">
              {t("My library")}
            </Anchor>
            <Anchor component={Link} to="/account/orders" size="sm" data-testid="account-orders-link">
              {t("My orders and downloads")}
            </Anchor>
            <Anchor component={Link} to="/account/favourites" size="sm" data-testid="account-favourites-link">
              {t("My favourites")}
            </Anchor>
            <Anchor component={Link} to="/account/watch-later" size="sm" data-testid="account-watch-later-link">
              {t("Watch later")}
            </Anchor>
            <Anchor component={Link} to="/account/history" size="sm" data-testid="account-history-link">
              {t("Watch history")}
            </Anchor>
          </Group>
        </div>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <AvatarCard user={user} memberUntil={loaderData.subscriptions?.membership?.expiresAt ?? null} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xl">
              <ProfileForm key={user._id} user={user} options={loaderData.options} />
              <PasswordForm />
              <TwoFactorCard status={loaderData.twoFactor} required={required} />
              <MembershipCard current={loaderData.subscriptions} error={loaderData.subscriptionsError} />
              <NewsDigestCard frequency={loaderData.digest} />
              <PaymentsCard payments={loaderData.payments} error={loaderData.paymentsError} />
              <AccountSessions sessions={loaderData.sessions} error={loaderData.sessionsError} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
