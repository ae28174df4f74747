import {
  Badge,
  Button,
  Group,
  Image,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AdminApplication, AdminApplicationDetail } from "@marquee/contracts/verification";
import { IconCheck, IconId, IconRefresh, IconX } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { DataTable, ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, textOf } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { STATUS_COLOUR, STATUS_LABEL } from "../lib/verification.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/admin.verifications";

export const handle = pages.adminVerifications.handle;

const DESCRIPTION = msg(
  "Performer applications: check each one's ID documents and selfie, then approve or refuse with a reason.",
);
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Verifications"), t(DESCRIPTION));
};

const PAGE_SIZE = 20;
const STATES = ["pending", "approved", "refused", "all"] as const;
type State = (typeof STATES)[number];
const stateOf = (value: string | null): State =>
  (STATES as readonly string[]).includes(value ?? "") ? (value as State) : "pending";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = pageOf(params);
  const state = stateOf(params.get("state"));
  const list = await loaded(
    sessionApi(request, context).get<{ data: AdminApplication[]; total: number }>("/admin/verifications", {
      state,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    msg("Could not load the applications."),
  );
  return { list, page, state };
}

export function action({ request, context }: Route.ActionArgs) {
  const id = (payload: Record<string, unknown>) => encodeURIComponent(textOf(payload, "id"));
  return handleIntents(request, context, {
    /** Opening an application makes short-lived links to its images; the API records the viewing. */
    open: (api, payload) => api.get<AdminApplicationDetail>(`/admin/verifications/${id(payload)}`),
    approve: (api, payload) => api.post(`/admin/verifications/${id(payload)}/approve`),
    refuse: (api, payload) =>
      api.post(`/admin/verifications/${id(payload)}/refuse`, { reason: textOf(payload, "reason") }),
    again: (api, payload) =>
      api.post(`/admin/performers/${encodeURIComponent(textOf(payload, "userId"))}/verification/request-again`, {
        reason: textOf(payload, "reason") || undefined,
      }),
  });
}

const IMAGE_LABEL: Record<string, string> = {
  documentFront: msg("Document, front"),
  documentBack: msg("Document, back"),
  selfie: msg("Selfie with the document"),
};

/** One application with its images, and the decision. */
function ReviewDialog({ detail, onClose }: { detail: AdminApplicationDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { run } = useIntent();
  const { revalidate } = useRevalidator();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const decide = async (intent: "approve" | "refuse" | "again") => {
    if (!detail) return;
    if (intent === "refuse" && reason.trim().length < 3) {
      setError(t("Say why: the applicant is shown this reason."));
      return;
    }
    setBusy(intent);
    try {
      await run(intent, { id: detail._id, userId: detail.userId, reason: reason.trim() });
      const done = {
        approve: t("{{name}} was approved.", { name: detail.name }),
        refuse: t("{{name}} was refused.", { name: detail.name }),
        again: t("{{name}} was asked to verify again.", { name: detail.name }),
      }[intent];
      notifications.show({ color: "teal", message: done });
      setReason("");
      setError(null);
      onClose();
      void revalidate();
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not save the decision"), message: errorMessage(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened={detail !== null} onClose={onClose} title={t("Review application")} size="xl" centered radius="lg">
      {detail && (
        <Stack gap="md" data-testid="verification-review">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Text size="sm">
              <b>{t("Account:")}</b> {detail.name} (@{detail.username}) · {detail.email}
            </Text>
            <Text size="sm">
              <b>{t("Legal name:")}</b> {detail.legalName ?? "—"}
            </Text>
            <Text size="sm">
              <b>{t("Date of birth:")}</b> {detail.dateOfBirth ?? "—"}
            </Text>
            <Text size="sm">
              <b>{t("Country:")}</b> {detail.country ?? "—"}
            </Text>
          </SimpleGrid>
          {detail.images.length ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {detail.images.map((image) => (
                <Stack key={image.name} gap={4}>
                  <Text size="xs" c="dimmed">
                    {t(IMAGE_LABEL[image.name] ?? image.name)}
                  </Text>
                  <a href={image.url} target="_blank" rel="noreferrer">
                    <Image
                      src={image.url}
                      alt={t(IMAGE_LABEL[image.name] ?? image.name)}
                      radius="sm"
                      fit="contain"
                      mah={260}
                    />
                  </a>
                </Stack>
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              {detail.source === "seed"
                ? t("No documents on file (a seeded demo record).")
                : t("No documents on file (none were sent).")}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t("These links stop working {{date}}; opening this application was recorded.", {
              date: f.dateTime(detail.images[0]?.expiresAt),
            })}
          </Text>
          {detail.state === "pending" && (
            <>
              <Textarea
                label={t("Reason (for a refusal)")}
                description={t("The applicant sees it, in a notification and a mail.")}
                maxLength={1000}
                autosize
                minRows={2}
                value={reason}
                error={error}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              <Group justify="flex-end" gap="sm">
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconX size={16} />}
                  loading={busy === "refuse"}
                  onClick={() => void decide("refuse")}
                >
                  {t("Refuse")}
                </Button>
                <Button
                  leftSection={<IconCheck size={16} />}
                  loading={busy === "approve"}
                  onClick={() => void decide("approve")}
                >
                  {t("Approve")}
                </Button>
              </Group>
            </>
          )}
          {detail.state === "approved" && detail.status === "approved" && (
            <Group justify="space-between" align="flex-end" gap="sm">
              <Textarea
                style={{ flex: 1 }}
                label={t("Reason (optional)")}
                maxLength={1000}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              <Button
                variant="light"
                color="orange"
                leftSection={<IconRefresh size={16} />}
                loading={busy === "again"}
                onClick={() => void decide("again")}
              >
                {t("Ask to verify again")}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

export default function AdminVerificationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const isAdmin = useIsAdmin();
  const revalidator = useRevalidator();
  const { setPage, loading } = useListParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const { run } = useIntent();
  const [detail, setDetail] = useState<AdminApplicationDetail | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (id: string) => {
    setOpening(id);
    try {
      setDetail(await run<AdminApplicationDetail>("open", { id }));
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not open the application"), message: errorMessage(e) });
    } finally {
      setOpening(null);
    }
  };

  // `?review=<id>`: the application opens at once (the way from "Add a performer" to the one waiting, or just filed).
  const toReview = searchParams.get("review");
  const opened = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per id in the address, not per render
  useEffect(() => {
    if (!isAdmin || !toReview || opened.current === toReview) return;
    opened.current = toReview;
    void open(toReview);
  }, [isAdmin, toReview]);

  if (!isAdmin) return <AdminForbidden />;
  const { list, page, state } = loaderData;
  const rows = list.result?.data ?? [];
  const close = () => {
    setDetail(null);
    if (toReview) setSearchParams(state === "pending" ? {} : { state }, { replace: true });
  };

  return (
    <AdminPage title={t("Verifications")} description={t(DESCRIPTION)}>
      <ReviewDialog detail={detail} onClose={close} />
      <SegmentedControl
        aria-label={t("Show applications")}
        value={state}
        onChange={(value) => setSearchParams(value === "pending" ? {} : { state: value })}
        data={[
          { value: "pending", label: t("Waiting") },
          { value: "approved", label: t("Approved") },
          { value: "refused", label: t("Refused") },
          { value: "all", label: t("All") },
        ]}
        style={{ alignSelf: "flex-start", maxWidth: "100%" }}
      />
      <ListPanel
        label={t("Applications")}
        error={list.error}
        onRetry={() => void revalidator.revalidate()}
        ready
        count={rows.length}
        empty={{ icon: IconId, message: state === "pending" ? t("No application is waiting.") : t("No applications.") }}
      >
        <DataTable
          label={t("Applications")}
          minWidth={560}
          busy={loading}
          columns={[
            { label: t("Applicant") },
            { label: t("Sent") },
            { label: t("Status") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {rows.map((a) => (
            <Table.Tr key={a._id} data-testid={`verification-row-${a.username}`}>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {a.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    @{a.username}
                    {a.source === "admin" ? t(" · filed by an admin") : a.source === "seed" ? t(" · seeded demo") : ""}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{f.date(a.createdAt)}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Badge color={STATUS_COLOUR[a.status]} variant="light">
                    {t(STATUS_LABEL[a.status])}
                  </Badge>
                  {a.status === "approved" && a.expiresAt && (
                    <Text size="xs" c="dimmed">
                      {t("until {{date}}", { date: f.date(a.expiresAt) })}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" loading={opening === a._id} onClick={() => void open(a._id)}>
                  {t("Review")}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListPanel>
      <Pager total={list.result?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
    </AdminPage>
  );
}
