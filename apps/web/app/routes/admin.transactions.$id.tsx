import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { GatewayEventRecord, TransactionDetail } from "@marquee/contracts/payments";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { AdminDetailPage } from "../components/admin/AdminPage.tsx";
import { DataTable } from "../components/admin/ManageList.tsx";
import { RefundButton, useRefund } from "../components/payments/use-refund.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, refundIntent, textOf } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { itemPath, PAYMENT_STATUS_COLORS } from "../lib/payments.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.transactions.$id";

export const handle = pages.adminTransaction.handle;

const DESCRIPTION = msg("One payment: what it paid for, who earned from it, and every event its gateway sent.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Transaction"), t(DESCRIPTION));
};

/** A payment's status and an event's outcome as the page writes them (their API codes, in English). */
const STATUS_NAMES: Record<TransactionDetail["status"], string> = {
  pending: msg("pending"),
  paid: msg("paid"),
  failed: msg("failed"),
  expired: msg("expired"),
  refunded: msg("refunded"),
};
const OUTCOME_NAMES: Record<GatewayEventRecord["outcome"], string> = {
  applied: msg("applied"),
  ignored: msg("ignored"),
  flagged: msg("flagged"),
};
const OUTCOME_COLORS: Record<GatewayEventRecord["outcome"], string> = {
  applied: "teal",
  ignored: "gray",
  flagged: "red",
};

/** The transaction of the URL with its order, lines, earnings and gateway events. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const detail = await loaded(
    sessionApi(request, context).get<TransactionDetail>(`/admin/transactions/${encodeURIComponent(params.id)}`),
    msg("Could not load the transaction."),
  );
  return { detail };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    refund: refundIntent,
    /** Marks a flagged gateway event (`id`) dealt with, saying how (`resolution`). */
    handleEvent: (api, payload) =>
      api.post(`/admin/payment-events/${encodeURIComponent(textOf(payload, "id"))}/handle`, {
        resolution: textOf(payload, "resolution"),
      }),
  });
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The admin says how they dealt with a flagged event; it then leaves what needs attention, their words kept. */
function HandleEventDialog({ event, onClose }: { event: GatewayEventRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { run } = useIntent();
  const [resolution, setResolution] = useState("");
  const [saving, setSaving] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!event) return;
    setSaving(true);
    try {
      await run("handleEvent", { id: event._id, resolution });
      notifications.show({ color: "teal", message: t("Marked handled.") });
      setResolution("");
      onClose();
    } catch (err) {
      notifications.show({ color: "red", title: t("Could not mark it handled"), message: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={event !== null} onClose={onClose} title={t("Mark handled")} centered>
      <form onSubmit={(e) => void submit(e)} aria-label={t("Mark handled")}>
        <Stack gap="md">
          <Text size="sm">
            {event?.type}: {event?.note ?? t("no note")}
          </Text>
          <TextInput
            label={t("What you did")}
            description={t("Kept with the event, with your name, e.g. checked with the gateway, refunded the member.")}
            required
            minLength={3}
            maxLength={500}
            value={resolution}
            onChange={(e) => setResolution(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={saving}>
              {t("Mark handled")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** An earning's kind "Refund" is keyed "Refund line": elsewhere "Refund" is the button that refunds. */
function Detail({ t: tx }: { t: TransactionDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = (n: number) => (n < 0 ? `−${f.price(-n)}` : f.price(n));
  const { refund, refunding, dialog } = useRefund();
  const flagged = tx.events.filter((e) => e.outcome === "flagged" && !e.handled);
  const [handling, setHandling] = useState<GatewayEventRecord | null>(null);

  return (
    <Stack gap="xl">
      {dialog}
      <HandleEventDialog event={handling} onClose={() => setHandling(null)} />
      {flagged.length > 0 && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={t("Needs your attention")}
          data-testid="flagged-alert"
        >
          {t("The gateway sent {{n}} events that contradict this payment's state; they were recorded, not applied.", {
            count: flagged.length,
            n: flagged.length,
          })}{" "}
          {t("Check it with the gateway, refund the member if they paid twice, then mark it handled below.")}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <div>
              <Text fw={700} fz="xl" data-testid="transaction-amount">
                {money(tx.amount)} {tx.currency}
              </Text>
              <Text size="sm" c="dimmed">
                {tx.items.map((i) => i.title).join(", ")}
              </Text>
            </div>
            <Group gap="sm">
              <Badge
                color={PAYMENT_STATUS_COLORS[tx.status] ?? "gray"}
                variant="light"
                size="lg"
                data-testid="transaction-status"
              >
                {t(STATUS_NAMES[tx.status] ?? tx.status)}
              </Badge>
              {tx.status === "paid" && <RefundButton target={tx} refund={refund} refunding={refunding} />}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Fact label={t("Member")}>
              {tx.buyer ? t("{{name}} (@{{username}})", { name: tx.buyer.name, username: tx.buyer.username }) : "—"}
            </Fact>
            <Fact label={t("Created")}>{f.dateTime(tx.createdAt)}</Fact>
            <Fact label={t("Paid")}>{tx.paidAt ? f.dateTime(tx.paidAt) : "—"}</Fact>
            <Fact label={t("Gateway")}>
              {tx.gateway}
              {tx.gatewayRef ? ` · ${tx.gatewayRef}` : ""}
            </Fact>
            <Fact label={t("Order")}>
              {tx.order.status} · {money(tx.order.total)}
              {tx.order.original !== tx.order.total ? t(" (was {{price}})", { price: money(tx.order.original) }) : ""}
            </Fact>
            <Fact label={t("Coupon")}>{tx.order.couponCode ?? "—"}</Fact>
            <Fact label={t("Transaction id")}>
              <Code>{tx._id}</Code>
            </Fact>
          </SimpleGrid>
        </Stack>
      </Paper>

      <Section title={t("Order lines")}>
        <Card padding={0}>
          <DataTable
            label={t("Order lines")}
            minWidth={560}
            columns={[
              { label: t("Item") },
              { label: t("Performers") },
              { label: t("Price"), right: true },
              { label: t("Paid"), right: true },
            ]}
          >
            {tx.lines.map((line) => {
              const to = itemPath(line);
              return (
                <Table.Tr key={line._id}>
                  <Table.Td>
                    {to ? (
                      <Anchor component={Link} to={to} size="sm">
                        {line.title}
                      </Anchor>
                    ) : (
                      <Text size="sm">{line.title}</Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {line.itemKind}
                      {line.quantity > 1 ? ` × ${line.quantity}` : ""}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{line.performers.map((p) => p.name).join(", ") || "—"}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{money(line.unitPrice)}</Table.Td>
                  <Table.Td ta="right">{money(line.total)}</Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        </Card>
      </Section>

      <Section title={t("Earnings")}>
        {tx.earnings.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("No performer has earned from this payment.")}
          </Text>
        ) : (
          <Card padding={0}>
            <DataTable
              label={t("Earnings")}
              minWidth={680}
              columns={[
                { label: t("Performer") },
                { label: t("Kind") },
                { label: t("Sale"), right: true },
                { label: t("Commission"), right: true },
                { label: t("Net"), right: true },
                { label: t("Paid out") },
              ]}
            >
              {tx.earnings.map((e) => (
                <Table.Tr key={e._id} data-testid="transaction-earning">
                  <Table.Td>
                    <Text size="sm">{e.performer?.name ?? "—"}</Text>
                  </Table.Td>
                  <Table.Td>{e.type === "refund" ? t("Refund line", { defaultValue: "Refund" }) : t("Sale")}</Table.Td>
                  <Table.Td ta="right">{money(e.gross)}</Table.Td>
                  <Table.Td ta="right">
                    {money(e.commission)} ({Math.round(e.commissionRate * 10_000) / 100}%)
                  </Table.Td>
                  <Table.Td ta="right">{money(e.net)}</Table.Td>
                  <Table.Td>{e.paid ? t("Paid out") : t("Owed")}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Card>
        )}
      </Section>

      <Section title={t("Gateway events")}>
        {tx.events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("The gateway has sent nothing about this payment yet.")}
          </Text>
        ) : (
          <Card padding={0}>
            <DataTable
              label={t("Gateway events")}
              minWidth={640}
              columns={[{ label: t("Received") }, { label: t("Event") }, { label: t("Outcome") }, { label: t("Note") }]}
            >
              {tx.events.map((e) => (
                <Table.Tr
                  key={e._id}
                  data-testid={`gateway-event-${e.outcome}`}
                  bg={e.outcome === "flagged" && !e.handled ? "var(--mantine-color-red-light)" : undefined}
                >
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{f.dateTime(e.receivedAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {e.type}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                      {e.eventId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={OUTCOME_COLORS[e.outcome]} variant={e.outcome === "flagged" ? "filled" : "light"}>
                      {t(OUTCOME_NAMES[e.outcome] ?? e.outcome)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{e.note ?? "—"}</Text>
                    {e.handled ? (
                      <Text size="xs" c="dimmed" data-testid="event-handled">
                        {e.handled.by
                          ? t("Handled {{date}} by {{name}}: {{resolution}}", {
                              date: f.dateTime(e.handled.at),
                              name: e.handled.by.name,
                              resolution: e.handled.resolution,
                            })
                          : t("Handled {{date}}: {{resolution}}", {
                              date: f.dateTime(e.handled.at),
                              resolution: e.handled.resolution,
                            })}
                      </Text>
                    ) : (
                      e.outcome === "flagged" && (
                        <Button size="compact-sm" variant="light" mt={4} onClick={() => setHandling(e)}>
                          {t("Mark handled")}
                        </Button>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Card>
        )}
      </Section>
    </Stack>
  );
}

export default function AdminTransactionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminDetailPage
      title={t("Transaction")}
      description={t(DESCRIPTION)}
      back={{ to: "/admin/transactions", label: t("All transactions") }}
      detail={loaderData.detail}
    >
      {(tx) => <Detail t={tx} />}
    </AdminDetailPage>
  );
}
