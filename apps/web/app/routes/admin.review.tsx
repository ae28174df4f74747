import { Badge, Grid, Group, SegmentedControl, Stack, Text, UnstyledButton } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Photo } from "@marquee/contracts/galleries";
import type { ProductDetail } from "@marquee/contracts/products";
import type { ReviewItem, ReviewKind, ReviewQueue } from "@marquee/contracts/review";
import type { AppearingPeople } from "@marquee/contracts/verification";
import type { VideoDetail } from "@marquee/contracts/videos";
import { IconChecklist, IconMovie, IconPhoto, IconShoppingBag } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { EditModal, ListPanel, MediaThumb } from "../components/admin/ManageList.tsx";
import {
  RefuseForm,
  type ReviewMedia,
  ReviewPanel,
  reviewKindLabels,
  reviewTexts,
} from "../components/admin/ReviewItem.tsx";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loaded, textOf } from "../lib/actions.server.ts";
import { errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { useIntent } from "../lib/use-intent.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/admin.review";

export const handle = pages.adminReview.handle;

const DESCRIPTION = msg(
  "What performers published and waits for review, oldest first: watch it, read the releases, approve or refuse.",
);

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Review"), t(DESCRIPTION));
};

const KINDS: ReviewKind[] = ["video", "gallery", "product"];
const kindOf = (value: string | null): ReviewKind | undefined =>
  KINDS.find((k) => k === value) as ReviewKind | undefined;
const enc = encodeURIComponent;

/** The item's media as the admin gets it: the movie with signed links, the photos, the product's pictures. */
async function mediaOf(api: ReturnType<typeof sessionApi>, item: ReviewItem): Promise<ReviewMedia> {
  if (item.kind === "video")
    return { kind: "video", video: await api.get<VideoDetail>(`/user/assets/videos/${enc(item._id)}`) };
  if (item.kind === "gallery") {
    const page = await api.get<{ data: Photo[]; total: number }>(`/user/assets/gallery/${enc(item._id)}/photos`, {
      limit: 24,
    });
    return { kind: "gallery", photos: page.data, total: page.total };
  }
  return { kind: "product", product: await api.get<ProductDetail>(`/user/assets/products/${enc(item._id)}`) };
}

/** The queue (`kind` filter in the URL) and the media of the item under review (`item`, else the oldest). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const params = new URL(request.url).searchParams;
  const kind = kindOf(params.get("kind"));
  const queue = await loaded(api.get<ReviewQueue>("/admin/review", { kind }), msg("Could not load the review queue."));
  const items = queue.result?.data ?? [];
  const current = items.find((i) => i._id === params.get("item")) ?? items[0] ?? null;
  const [media, people] = current
    ? await Promise.all([
        loaded(mediaOf(api, current), msg("Could not load its media.")),
        // Who appears in a movie or gallery and their releases (products have none).
        current.kind === "product"
          ? null
          : loaded(
              api.get<AppearingPeople>(`/performer/people/${current.kind}/${enc(current._id)}`),
              msg("Could not load the releases."),
            ),
      ])
    : [null, null];
  return { queue, current: current?._id ?? null, media, people };
}

export function action({ request, context }: Route.ActionArgs) {
  const path = (payload: Record<string, unknown>, verb: string) =>
    `/admin/review/${enc(textOf(payload, "kind"))}/${enc(textOf(payload, "id"))}/${verb}`;
  return handleIntents(request, context, {
    approve: (api, payload) => api.post(path(payload, "approve"), {}),
    refuse: (api, payload) => api.post(path(payload, "refuse"), { reason: payload.reason ?? "" }),
    /** Short-lived links to a release's ID documents and consent; the API records the admin's look. */
    releaseFiles: (api, payload) =>
      api.get(
        `/performer/people/${enc(textOf(payload, "kind"))}/${enc(textOf(payload, "id"))}/releases/${enc(textOf(payload, "release"))}/files`,
      ),
  });
}

const kindIcons = { video: IconMovie, gallery: IconPhoto, product: IconShoppingBag } as const;

/** One waiting item in the queue: picture, title, kind, performers, since when; selecting it shows it beside. */
function QueueRow({ item, selected, onSelect }: { item: ReviewItem; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={selected ? "true" : undefined}
      data-testid="review-row"
      p="xs"
      w="100%"
      style={{
        borderRadius: "var(--mantine-radius-md)",
        border: `1px solid ${selected ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-default-border)"}`,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <MediaThumb image={item.thumbnail} width={72} height={48} icon={kindIcons[item.kind]} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
            {item.title}
          </Text>
          <Group gap={6}>
            <Badge size="xs" variant="light">
              {t(reviewKindLabels[item.kind])}
            </Badge>
            <Text size="xs" c="dimmed">
              {f.dateTime(item.submittedAt)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {item.performers.map((p) => p.name).join(", ")}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

function Review({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol);
  const { run, busy } = useIntent();
  const [refusing, setRefusing] = useState<ReviewItem | null>(null);
  const { result, error } = data.queue;
  const items = result?.data ?? [];
  const current = items.find((i) => i._id === data.current) ?? null;
  const set = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { preventScrollReset: true },
    );

  const approve = async (item: ReviewItem) => {
    try {
      await run("approve", { kind: item.kind, id: item._id });
      const later = item.scheduledAt && new Date(item.scheduledAt) > new Date();
      notifications.show({
        color: "teal",
        message: later
          ? t("“{{title}}” is approved: announced now, released on its date.", { title: item.title })
          : t("“{{title}}” is out.", { title: item.title }),
      });
      set({ item: null });
    } catch (e) {
      notifications.show({
        color: "red",
        title: t(reviewTexts[item.kind].approveFailed),
        message: errorMessage(e),
      });
    }
  };

  return (
    <AdminPage title={t("Review")} description={t(DESCRIPTION)}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <SegmentedControl
            aria-label={t("Filter by kind")}
            value={params.get("kind") ?? "all"}
            onChange={(v) => set({ kind: v === "all" ? null : v, item: null })}
            data={[
              { value: "all", label: t("All") },
              { value: "video", label: t("Movies") },
              { value: "gallery", label: t("Galleries") },
              { value: "product", label: t("Products") },
            ]}
          />
          {result && (
            <Text size="sm" c="dimmed" data-testid="review-total">
              {t("{{n}} items wait", { count: result.total, n: result.total })}
            </Text>
          )}
        </Group>
        <ListPanel
          label={t("Waiting for review")}
          error={error}
          onRetry={() => void revalidator.revalidate()}
          ready={!!result}
          skeleton={{ rows: 3, height: 64 }}
          count={items.length}
          empty={{ large: true, icon: IconChecklist, message: t("Nothing waits for review.") }}
        >
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack
                gap="xs"
                component="ul"
                aria-label={t("Waiting for review, oldest first")}
                style={{ listStyle: "none", margin: 0, padding: 0 }}
              >
                {items.map((item) => (
                  <li key={item._id}>
                    <QueueRow
                      item={item}
                      selected={item._id === current?._id}
                      onSelect={() => set({ item: item._id })}
                    />
                  </li>
                ))}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {current && (
                <ReviewPanel
                  key={current._id}
                  item={current}
                  media={data.media?.result ?? null}
                  mediaError={data.media?.error ?? null}
                  people={data.people}
                  approving={busy}
                  onApprove={() => void approve(current)}
                  onRefuse={() => setRefusing(current)}
                  currencySymbol={currencySymbol}
                />
              )}
            </Grid.Col>
          </Grid>
        </ListPanel>
      </Stack>
      <EditModal
        opened={refusing !== null}
        onClose={() => setRefusing(null)}
        title={refusing ? t(reviewTexts[refusing.kind].refuseTitle) : ""}
      >
        {refusing && (
          <RefuseForm
            key={refusing._id}
            item={refusing}
            onDone={() => {
              setRefusing(null);
              set({ item: null });
            }}
          />
        )}
      </EditModal>
    </AdminPage>
  );
}

export default function AdminReviewPage({ loaderData }: Route.ComponentProps) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <Review data={loaderData} />;
}
