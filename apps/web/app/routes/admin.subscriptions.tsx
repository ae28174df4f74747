import {
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type Subscription, subscriptionStatuses } from "@marquee/contracts/subscriptions";
import { IconChevronDown, IconCrown, IconFlask, IconGift } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { LookupSelect } from "../components/admin/LookupSelect.tsx";
import { DataTable, ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { useConfirm } from "../components/ConfirmDialog.tsx";
import { performerPath } from "../components/catalogue/links.ts";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, textOf } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { oneOf, pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.subscriptions";

export const handle = pages.adminSubscriptions.handle;

const DESCRIPTION = msg(
  "Every membership and performer subscription, when it ends and whether it renews; the sandbox gateway can renew, fail or charge one back here.",
);
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Subscriptions"), t(DESCRIPTION));
};

const PAGE_SIZE = 25;
type StatusFilter = "all" | Subscription["status"];
type KindFilter = "all" | Subscription["kind"];
const STATUS_COLORS: Record<Subscription["status"], string> = {
  pending: "yellow",
  active: "teal",
  cancelled: "orange",
  expired: "gray",
};
/** A subscription's status as the list writes it (its API code, in English). */
const STATUS_NAMES: Record<Subscription["status"], string> = {
  pending: msg("pending"),
  active: msg("active"),
  cancelled: msg("cancelled"),
  expired: msg("expired"),
};
/** What the sandbox can make happen to a subscription, as its own gateway would. */
const SIMULATIONS = [
  { event: "renewed", label: msg("Renew now"), done: msg("Renewed: the expiry moved on one period.") },
  { event: "renewal_failed", label: msg("Fail the renewal"), done: msg("The renewal failed; the member was told.") },
  {
    event: "chargeback",
    label: msg("Charge back the last payment"),
    done: msg("Charged back: the subscription ended."),
  },
] as const;

/** A page of every subscription (`status`, `kind`, `page` in the URL). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = oneOf<StatusFilter>(params, "status", ["all", ...subscriptionStatuses], "all");
  const kind = oneOf<KindFilter>(params, "kind", ["all", "site", "performer"], "all");
  const page = pageOf(params);
  const list = await loaded(
    sessionApi(request, context).get<{ data: Subscription[]; total: number }>("/admin/subscriptions", {
      status: status === "all" ? undefined : status,
      kind: kind === "all" ? undefined : kind,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    msg("Could not load the subscriptions."),
  );
  return { list, status, kind, page };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    simulate: (api, payload) =>
      api.post(`/admin/subscriptions/${encodeURIComponent(textOf(payload, "id"))}/simulate`, {
        event: textOf(payload, "event"),
      }),
    cancel: (api, payload) => api.post(`/subscriptions/cancel/${encodeURIComponent(textOf(payload, "id"))}`),
    grant: (api, payload) =>
      api.post("/admin/subscriptions/grant", {
        userId: textOf(payload, "userId"),
        days: Number(payload.days),
        reason: textOf(payload, "reason"),
      }),
    revoke: (api, payload) =>
      api.post(`/admin/subscriptions/${encodeURIComponent(textOf(payload, "id"))}/revoke`, {
        reason: textOf(payload, "reason"),
      }),
  });
}

/**
 * What an admin does by hand, with the reason kept: grant a member a site membership for some days, or revoke a
 * subscription now. `target` null: a grant.
 */
function ByHandDialog({
  opened,
  target,
  onClose,
  onDone,
}: {
  opened: boolean;
  target: Subscription | null;
  onClose: () => void;
  onDone: (intent: "grant" | "revoke", payload: Record<string, unknown>, done: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<string | null>(null);
  const [days, setDays] = useState<number | string>(30);
  const [reason, setReason] = useState("");
  const [saving, setSaving] = useState(false);
  const revoking = target !== null;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const ok = revoking
      ? await onDone("revoke", { id: target._id, reason }, t("Revoked: access ended now."))
      : await onDone("grant", { userId: userId ?? "", days, reason }, t("Membership granted."));
    setSaving(false);
    if (ok) {
      setReason("");
      setUserId(null);
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={revoking ? t("Revoke by hand") : t("Grant a membership")} centered>
      <form onSubmit={(e) => void submit(e)} aria-label={revoking ? t("Revoke") : t("Grant a membership")}>
        <Stack gap="md">
          {revoking ? (
            <Text size="sm">
              {t("{{name}} loses access now; renewals stop. No money goes back (refund the payment for that).", {
                name: target.user?.name ?? t("The member"),
              })}
            </Text>
          ) : (
            <>
              <LookupSelect
                kind="accounts"
                label={t("Member")}
                required
                value={userId}
                onChange={(v) => setUserId(v)}
              />
              <NumberInput
                label={t("Days")}
                min={1}
                max={3660}
                allowDecimal={false}
                value={days}
                onChange={setDays}
                required
              />
            </>
          )}
          <TextInput
            label={t("Reason")}
            description={t("Kept with the subscription, with your name.")}
            required
            minLength={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" color={revoking ? "red" : undefined} loading={saving} disabled={!revoking && !userId}>
              {revoking ? t("Revoke") : t("Grant membership")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default function AdminSubscriptionsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const f = useFormat();
  const { setFilter, setPage, loading } = useListParams();
  const revalidator = useRevalidator();
  const { run } = useIntent();
  const [confirm, dialog] = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);
  const [byHand, setByHand] = useState<{ target: Subscription | null } | null>(null);
  if (!isAdmin) return <AdminForbidden />;
  const { list, status, kind, page } = loaderData;
  const rows = list.result?.data ?? [];

  const act = async (s: Subscription, intent: string, payload: Record<string, string>, done: string) => {
    setBusy(s._id);
    try {
      await run(intent, { id: s._id, ...payload });
      notifications.show({ color: "teal", message: done });
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not do that"), message: errorMessage(e) });
    } finally {
      setBusy(null);
    }
  };
  const byHandDone = async (intent: "grant" | "revoke", payload: Record<string, unknown>, done: string) => {
    try {
      await run(intent, payload);
      notifications.show({ color: "teal", message: done });
      return true;
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not do that"), message: errorMessage(e) });
      return false;
    }
  };
  const cancel = async (s: Subscription) => {
    const ok = await confirm({
      title: t("Stop this renewal?"),
      message: t("{{name}} keeps access until {{date}}; it will not renew.", {
        name: s.user?.name ?? t("The member"),
        date: f.date(s.expiresAt),
      }),
      confirmLabel: t("Stop renewal"),
      color: "red",
    });
    if (ok) await act(s, "cancel", {}, t("The renewal is stopped."));
  };

  return (
    <AdminPage
      title={t("Subscriptions")}
      description={t(DESCRIPTION)}
      actions={
        <Button leftSection={<IconGift size={16} />} onClick={() => setByHand({ target: null })}>
          {t("Grant a membership")}
        </Button>
      }
    >
      {dialog}
      <ByHandDialog
        opened={byHand !== null}
        target={byHand?.target ?? null}
        onClose={() => setByHand(null)}
        onDone={byHandDone}
      />
      <Group gap="md">
        <Select
          label={t("Kind")}
          data={[
            { value: "all", label: t("Any kind") },
            { value: "site", label: t("Site memberships") },
            { value: "performer", label: t("Performer subscriptions") },
          ]}
          value={kind}
          allowDeselect={false}
          onChange={(v) => setFilter("kind", v ?? "all")}
          maw={240}
        />
        <Select
          label={t("Status")}
          data={[
            { value: "all", label: t("Any status") },
            ...subscriptionStatuses.map((s) => ({ value: s, label: t(STATUS_NAMES[s]) })),
          ]}
          value={status}
          allowDeselect={false}
          onChange={(v) => setFilter("status", v ?? "all")}
          maw={200}
        />
      </Group>
      <ListPanel
        label={t("Subscriptions")}
        error={list.error}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={rows.length}
        empty={{ icon: IconCrown, message: t("No subscriptions here.") }}
      >
        <DataTable
          label={t("Subscriptions")}
          minWidth={900}
          busy={loading}
          columns={[
            { label: t("Member") },
            { label: t("To") },
            { label: t("Price"), right: true },
            { label: t("Ends") },
            { label: t("Status") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {rows.map((s) => (
            <Table.Tr key={s._id} data-testid={`subscription-row-${s._id}`}>
              <Table.Td>
                <Text size="sm">
                  {s.user ? t("{{name}} (@{{username}})", { name: s.user.name, username: s.user.username }) : "—"}
                </Text>
              </Table.Td>
              <Table.Td>
                {s.performer ? (
                  <Anchor component={Link} to={performerPath(s.performer)} size="sm">
                    {s.performer.name || s.performer.username}
                  </Anchor>
                ) : (
                  <Text size="sm">
                    {s.package ? t("Site: {{package}}", { package: s.package.name }) : t("Site: membership")}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {s.period}
                  {s.gateway ? ` · ${s.gateway}` : ""}
                </Text>
                {s.adminNote && (
                  <Text size="xs" c="dimmed" fs="italic">
                    {s.adminNote}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{f.price(s.price)}</Table.Td>
              <Table.Td>
                <Text size="sm">{f.date(s.expiresAt)}</Text>
                <Text size="xs" c="dimmed">
                  {s.renews ? t("renews") : t("does not renew")}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[s.status]} variant="light">
                  {t(STATUS_NAMES[s.status])}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {s.renews && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={busy === s._id}
                      onClick={() => void cancel(s)}
                    >
                      {t("Stop renewal")}
                    </Button>
                  )}
                  {s.gateway === "sandbox" && (s.renews || s.status !== "expired") && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconFlask size={14} />}
                          rightSection={<IconChevronDown size={14} />}
                          disabled={busy === s._id}
                        >
                          {t("Simulate")}
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {SIMULATIONS.map((sim) => (
                          <Menu.Item
                            key={sim.event}
                            onClick={() => void act(s, "simulate", { event: sim.event }, t(sim.done))}
                          >
                            {t(sim.label)}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListPanel>
      <Pager total={list.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
    </AdminPage>
  );
}
