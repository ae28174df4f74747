import { Badge, Button, Group, Modal, Stack, Table, Text, Textarea, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { PayoutRequest } from "@marquee/contracts/payouts";
import { IconCheck, IconInbox, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { REQUEST_STATUS } from "../studio/PayoutRequestCard.tsx";
import { DataTable, ListPanel } from "./ManageList.tsx";

type Deciding = { request: PayoutRequest; what: "paid" | "refuse" } | null;

/** The dialog that marks a request paid (with the transfer's reference) or refuses it (with a reason). */
function DecideDialog({
  deciding,
  money,
  onClose,
}: {
  deciding: Deciding;
  money: (n: number) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { run, busy } = useIntent();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const r = deciding?.request;
  const paying = deciding?.what === "paid";
  const name = r?.performer?.name ?? t("this performer");

  const submit = async () => {
    if (!r) return;
    try {
      if (paying) await run("payRequest", { id: r._id, reference: text });
      else await run("refuseRequest", { id: r._id, reason: text });
      notifications.show({
        color: "teal",
        message: paying
          ? t("Paid {{amount}} to {{name}}.", { amount: money(r.amount), name })
          : t("Refused the payout request of {{name}}.", { name }),
      });
      setText("");
      setError(null);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Modal
      opened={deciding !== null}
      onClose={onClose}
      title={paying ? t("Mark the request paid?") : t("Refuse the request?")}
      centered
      radius="lg"
    >
      <Stack gap="md">
        <Text size="sm">
          {paying
            ? t("Record that you paid {{name}} {{amount}}: exactly the lines of this request are marked paid.", {
                name,
                amount: r ? money(r.amount) : "",
              })
            : t("{{name}} is told the reason and may ask again.", { name })}
        </Text>
        {paying ? (
          <TextInput
            label={t("Reference")}
            description={t("The bank or payment provider's reference of the transfer.")}
            maxLength={200}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
          />
        ) : (
          <Textarea
            label={t("Reason")}
            maxLength={500}
            autosize
            minRows={2}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("Cancel")}
          </Button>
          <Button
            color={paying ? undefined : "red"}
            leftSection={paying ? <IconCheck size={16} /> : <IconX size={16} />}
            loading={busy}
            onClick={() => void submit()}
          >
            {paying ? t("Mark paid") : t("Refuse")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Admin → Payouts: the open payout requests, oldest first: approve, mark paid with a reference, or refuse. */
export function PayoutRequestsQueue({
  requests,
  error,
  money,
}: {
  requests: PayoutRequest[];
  error: string | null;
  money: (n: number) => string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const revalidator = useRevalidator();
  const { run, busy } = useIntent();
  const [deciding, setDeciding] = useState<Deciding>(null);

  const approve = async (r: PayoutRequest) => {
    try {
      await run("approveRequest", { id: r._id });
      notifications.show({ color: "teal", message: t("Approved. Pay it, then mark it paid.") });
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not approve"), message: errorMessage(e) });
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="requests-title">
      <DecideDialog deciding={deciding} money={money} onClose={() => setDeciding(null)} />
      <Title order={2} fz="lg" id="requests-title">
        {t("Payout requests")}
      </Title>
      <ListPanel
        label={t("Payout requests")}
        error={error}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={requests.length}
        empty={{ icon: IconInbox, message: t("No payout requests waiting.") }}
      >
        <DataTable
          label={t("Payout requests")}
          minWidth={760}
          columns={[
            { label: t("Date") },
            { label: t("Performer") },
            { label: t("Amount"), right: true },
            { label: t("Pay to") },
            { label: t("Status") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {requests.map((r) => (
            <Table.Tr key={r._id} data-testid={`payout-request-${r.performer?.username ?? r.performerId}`}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{f.dateTime(r.createdAt)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {r.performer?.name ?? t("Unknown account")}
                </Text>
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {money(r.amount)}
              </Table.Td>
              <Table.Td>
                <Text size="xs" style={{ wordBreak: "break-all" }}>
                  {r.method.accountHint}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={REQUEST_STATUS[r.status].color}>
                  {t(REQUEST_STATUS[r.status].label)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  {r.status === "requested" ? (
                    <Button size="xs" loading={busy} onClick={() => void approve(r)}>
                      {t("Approve")}
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      leftSection={<IconCheck size={14} />}
                      onClick={() => setDeciding({ request: r, what: "paid" })}
                    >
                      {t("Mark paid")}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setDeciding({ request: r, what: "refuse" })}
                  >
                    {t("Refuse")}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListPanel>
    </Stack>
  );
}
