import { Anchor, Button, Group, Modal, Stack, Table, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Payout, PayoutDetails, PayoutDue } from "@marquee/contracts/payments";
import type { PayoutRequest } from "@marquee/contracts/payouts";
import { IconCash, IconCheck, IconEye, IconHistory } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { Emphasized, emphasisMark } from "../components/admin/Emphasized.tsx";
import { DataTable, ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { PayoutRequestsQueue } from "../components/admin/PayoutRequestsQueue.tsx";
import { ReauthCancelled, useReauth } from "../components/ReauthPrompt.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, reauthenticateIntent, textOf } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.payouts";

export const handle = pages.adminPayouts.handle;

const DESCRIPTION = msg("What each performer is owed (refunds netted), marking it paid, and the payouts made.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Payouts"), t(DESCRIPTION));
};

const DUE_LIMIT = 100;
const PAGE_SIZE = 20;

/** The performers owed money (most owed first), and a page of the payouts made (`page` in the URL). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageOf(new URL(request.url).searchParams);
  const api = sessionApi(request, context);
  type Requests = { data: PayoutRequest[]; total: number };
  const [due, history, requested, approved] = await Promise.all([
    loaded(
      api.get<{ data: PayoutDue[]; total: number }>("/admin/payouts/due", { limit: DUE_LIMIT }),
      msg("Could not load what performers are owed."),
    ),
    loaded(
      api.get<{ data: Payout[]; total: number }>("/admin/payouts/search", {
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      }),
      msg("Could not load the payouts."),
    ),
    loaded(
      api.get<Requests>("/admin/payout-requests", { status: "approved", limit: 100 }),
      msg("Could not load the payout requests."),
    ),
    loaded(
      api.get<Requests>("/admin/payout-requests", { status: "requested", limit: 100 }),
      msg("Could not load the payout requests."),
    ),
  ]);
  // Open requests, oldest first: the approved ones (to pay) before the new ones.
  const requests = [...(requested.result?.data ?? []), ...(approved.result?.data ?? [])].reverse();
  return { due, history, page, requests, requestsError: requested.error ?? approved.error };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    /** Marks every unpaid line of the performer (`performerId`) paid, with an optional `note`. */
    pay: (api, payload) =>
      api.post<Payout>("/admin/payouts", {
        performerId: textOf(payload, "performerId"),
        ...(typeof payload.note === "string" && payload.note.trim() ? { note: payload.note.trim() } : {}),
      }),
    /** A performer's full payout details (`performerId`): asks for the password again; the API records the look. */
    details: (api, payload) =>
      api.get<{ payoutDetails: PayoutDetails | null }>(
        `/admin/performers/${encodeURIComponent(textOf(payload, "performerId"))}/payout-details`,
      ),
    approveRequest: (api, payload) =>
      api.post(`/admin/payout-requests/${encodeURIComponent(textOf(payload, "id"))}/approve`),
    payRequest: (api, payload) =>
      api.post(`/admin/payout-requests/${encodeURIComponent(textOf(payload, "id"))}/paid`, {
        reference: typeof payload.reference === "string" ? payload.reference : "",
      }),
    refuseRequest: (api, payload) =>
      api.post(`/admin/payout-requests/${encodeURIComponent(textOf(payload, "id"))}/refuse`, {
        reason: typeof payload.reason === "string" ? payload.reason : "",
      }),
    reauthenticate: reauthenticateIntent,
  });
}

const METHOD_LABEL: Record<PayoutDetails["method"], string> = {
  bank: msg("Bank"),
  // i18n-exempt: a brand
  paxum: "Paxum",
  crypto: msg("Crypto"),
  // i18n-exempt: a brand
  paypal: "PayPal",
  other: msg("Other"),
};

/**
 * Where to pay a performer: masked in the list (`•••• 5555`); "Show" asks for the password again and shows the whole
 * of it, a look the audit trail records.
 */
function PayTo({ owed }: { owed: PayoutDue }) {
  const { t } = useTranslation();
  const { run, busy } = useIntent();
  const { guarded, prompt } = useReauth();
  const [full, setFull] = useState<PayoutDetails | null>(null);
  const masked = owed.payoutDetails;
  if (!masked)
    return (
      <Text size="xs" c="dimmed">
        {t("Not given yet")}
      </Text>
    );

  const reveal = async () => {
    try {
      const { payoutDetails } = await guarded(() =>
        run<{ payoutDetails: PayoutDetails | null }>("details", { performerId: owed.performerId }),
      );
      setFull(payoutDetails);
    } catch (e) {
      if (e instanceof ReauthCancelled) return;
      notifications.show({ color: "red", title: t("Could not show the payout details"), message: errorMessage(e) });
    }
  };

  return (
    <Stack gap={0} data-testid="payout-to">
      {prompt}
      {full ? (
        <>
          <Text size="sm">{full.accountName}</Text>
          <Text size="xs" style={{ wordBreak: "break-all" }}>
            {t(METHOD_LABEL[full.method])}: {full.network ? `${full.network} ` : ""}
            {full.account}
          </Text>
        </>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
            {t(METHOD_LABEL[masked.method])}: {masked.accountHint}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconEye size={14} />}
            loading={busy}
            onClick={() => void reveal()}
            aria-label={
              owed.performer
                ? t("Show the payout details of {{name}}", { name: owed.performer.name })
                : t("Show the payout details of this performer")
            }
          >
            {t("Show")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The confirmation of a payout, with a note for the record (a bank reference). */
function PayDialog({
  owed,
  money,
  onClose,
}: {
  owed: PayoutDue | null;
  money: (n: number) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { run } = useIntent();
  const [note, setNote] = useState("");
  const [saving, setSaving] = useState(false);
  const name = owed?.performer?.name ?? t("this performer");

  const pay = async () => {
    if (!owed) return;
    setSaving(true);
    try {
      const payout = await run<Payout>("pay", { performerId: owed.performerId, note });
      notifications.show({
        color: "teal",
        message: t("Paid {{amount}} to {{name}}.", { amount: money(payout.amount), name }),
      });
      setNote("");
      onClose();
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not mark paid"), message: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={owed !== null} onClose={onClose} title={t("Mark as paid?")} centered radius="lg">
      <Stack gap="md">
        <Text size="sm">
          <Emphasized
            sentence={t(
              "Record that you paid {{name}} {{amount}}: every unpaid line of theirs ({{lines}}) is marked paid. Pay them first through your bank or payment provider.",
              { name: emphasisMark, amount: owed ? money(owed.unpaid) : "", lines: owed?.lines ?? 0 },
            )}
            value={<b>{name}</b>}
          />
        </Text>
        <Textarea
          label={t("Note")}
          description={t("Optional: a bank reference or how it was paid.")}
          maxLength={500}
          autosize
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button leftSection={<IconCheck size={16} />} loading={saving} onClick={() => void pay()}>
            {t("Mark paid")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function AdminPayoutsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const f = useFormat();
  const revalidator = useRevalidator();
  const { setPage, loading } = useListParams();
  const [paying, setPaying] = useState<PayoutDue | null>(null);
  if (!isAdmin) return <AdminForbidden />;
  const { due, history, page } = loaderData;
  const money = (n: number) => (n < 0 ? `−${f.price(-n)}` : f.price(n));
  const owed = due.result?.data ?? [];
  const payouts = history.result?.data ?? [];

  return (
    <AdminPage title={t("Payouts")} description={t(DESCRIPTION)}>
      <PayDialog owed={paying} money={money} onClose={() => setPaying(null)} />
      <PayoutRequestsQueue requests={loaderData.requests} error={loaderData.requestsError} money={money} />
      <Stack gap="xs" component="section" aria-labelledby="owed-title">
        <Title order={2} fz="lg" id="owed-title">
          {t("Owed to performers")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("The net of each performer's unpaid earnings: sales less the site's commission, refunds taken off.")}
        </Text>
        <ListPanel
          label={t("Owed to performers")}
          error={due.error}
          onRetry={() => void revalidator.revalidate()}
          ready
          count={owed.length}
          empty={{ icon: IconCash, message: t("Nobody is owed anything right now.") }}
        >
          <DataTable
            label={t("Owed to performers")}
            minWidth={760}
            columns={[
              { label: t("Performer") },
              { label: t("Lines"), right: true },
              { label: t("Since") },
              { label: t("Owed"), right: true },
              { label: t("Pay to") },
              { label: t("Actions"), hidden: true },
            ]}
          >
            {owed.map((d) => (
              <Table.Tr key={d.performerId} data-testid={`payout-due-${d.performer?.username ?? d.performerId}`}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {d.performer?.name ?? t("Unknown account")}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {d.performer ? `@${d.performer.username}` : d.performerId}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">{d.lines}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{f.date(d.since)}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {money(d.unpaid)}
                </Table.Td>
                <Table.Td>
                  <PayTo owed={d} />
                </Table.Td>
                <Table.Td>
                  {d.twoFactorEnabled ? (
                    <Button size="xs" leftSection={<IconCheck size={14} />} onClick={() => setPaying(d)}>
                      {t("Mark paid")}
                    </Button>
                  ) : (
                    <Text size="xs" c="dimmed" data-testid="payout-needs-two-factor">
                      {t("Waits for their two-factor sign-in")}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </ListPanel>
        {(due.result?.total ?? 0) > owed.length && (
          <Text size="sm" c="dimmed">
            {t("The {{n}} performers owed most are shown; pay them to see the others.", { n: DUE_LIMIT })}
          </Text>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="history-title">
        <Title order={2} fz="lg" id="history-title">
          {t("Payouts made")}
        </Title>
        <ListPanel
          label={t("Payouts made")}
          error={history.error}
          onRetry={() => void revalidator.revalidate()}
          ready
          count={payouts.length}
          empty={{ icon: IconHistory, message: t("No payouts yet.") }}
        >
          <DataTable
            label={t("Payouts made")}
            minWidth={720}
            busy={loading}
            columns={[
              { label: t("Date") },
              { label: t("Performer") },
              { label: t("Amount"), right: true },
              { label: t("Lines"), right: true },
              { label: t("Note") },
              { label: t("By") },
            ]}
          >
            {payouts.map((p) => (
              <Table.Tr key={p._id} data-testid="payout-row">
                <Table.Td style={{ whiteSpace: "nowrap" }}>{f.dateTime(p.createdAt)}</Table.Td>
                <Table.Td>
                  {p.performer ? (
                    <Anchor component={Link} to={`/performers/${encodeURIComponent(p.performer.username)}`} size="sm">
                      {p.performer.name}
                    </Anchor>
                  ) : (
                    "—"
                  )}
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  {money(p.amount)} {p.currency}
                </Table.Td>
                <Table.Td ta="right">{p.lines}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {p.note ?? "—"}
                  </Text>
                </Table.Td>
                <Table.Td>{p.paidBy?.name ?? "—"}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </ListPanel>
        <Pager total={history.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
      </Stack>
    </AdminPage>
  );
}
