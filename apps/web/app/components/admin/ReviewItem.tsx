import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { Photo } from "@marquee/contracts/galleries";
import type { ProductDetail } from "@marquee/contracts/products";
import { type ReviewItem, refuseBody } from "@marquee/contracts/review";
import type { AppearingPeople } from "@marquee/contracts/verification";
import type { VideoDetail } from "@marquee/contracts/videos";
import { IconAlertCircle, IconCheck, IconExternalLink, IconX } from "@tabler/icons-react";
import { Link } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { msg } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { accessLabels, schemaErrors } from "../../lib/studio.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { PhotoGrid } from "../media/PhotoGrid.tsx";
import { VideoPlayer } from "../media/VideoPlayer.tsx";
import { Emphasized, emphasisMark } from "./Emphasized.tsx";
import { ReviewReleases } from "./ReviewReleases.tsx";
import { useFormSubmit } from "./use-manage.tsx";

export const reviewKindLabels: Record<ReviewItem["kind"], string> = {
  video: msg("Movie"),
  gallery: msg("Gallery"),
  product: msg("Product"),
};
/** The texts about an item under review that name what it is. */
export const reviewTexts: Record<
  ReviewItem["kind"],
  { refuseTitle: string; refuseFailed: string; approveFailed: string }
> = {
  video: {
    refuseTitle: msg("Refuse this movie?"),
    refuseFailed: msg("Could not refuse the movie"),
    approveFailed: msg("Could not approve the movie"),
  },
  gallery: {
    refuseTitle: msg("Refuse this gallery?"),
    refuseFailed: msg("Could not refuse the gallery"),
    approveFailed: msg("Could not approve the gallery"),
  },
  product: {
    refuseTitle: msg("Refuse this product?"),
    refuseFailed: msg("Could not refuse the product"),
    approveFailed: msg("Could not approve the product"),
  },
};

/** Why a movie cannot be approved yet, by the state of its media. */
const noMediaNotes: Record<NonNullable<ReviewItem["processing"]>, string> = {
  none: msg("Its media is no file: it can be approved once it plays."),
  pending: msg("Its media is pending: it can be approved once it plays."),
  processing: msg("Its media is processing: it can be approved once it plays."),
  ready: msg("Its media is ready: it can be approved once it plays."),
  failed: msg("Its media is failed: it can be approved once it plays."),
};

/** What the review screen loads of the item under review: the movie (with its media), the photos, the product. */
export type ReviewMedia =
  | { kind: "video"; video: VideoDetail }
  | { kind: "gallery"; photos: Photo[]; total: number }
  | { kind: "product"; product: ProductDetail };

/** The media as members would get it once approved: the movie plays through the normal player, photos show. */
function ReviewMediaView({ item, media }: { item: ReviewItem; media: ReviewMedia | null }) {
  const { t } = useTranslation();
  if (!media) return null;
  if (media.kind === "video") {
    const { video } = media;
    if (!video.media)
      return (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} data-testid="review-no-media">
          {t(noMediaNotes[item.processing ?? "none"])}
        </Alert>
      );
    return (
      <VideoPlayer
        key={video._id}
        media={video.media}
        poster={video.thumbnail}
        title={video.title}
        videoId={video._id}
      />
    );
  }
  if (media.kind === "gallery")
    return media.photos.length ? (
      <PhotoGrid
        photos={media.photos}
        total={media.total}
        label={t("Photos of {{title}}", { title: item.title })}
        eagerCount={4}
      />
    ) : (
      <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
        {t("No photos yet: it can be approved once they show.")}
      </Alert>
    );
  return media.product.images.length ? (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
      {media.product.images.map((img) => (
        <Image
          key={img._id}
          src={img.medium.url}
          srcSet={img.medium.srcSet ?? undefined}
          alt={item.title}
          radius="md"
          fit="contain"
          h={160}
        />
      ))}
    </SimpleGrid>
  ) : (
    <Text size="sm" c="dimmed">
      {t("No pictures.")}
    </Text>
  );
}

/** Asks for the reason (required: the performers are told it) and refuses the item. */
export function RefuseForm({ item, onDone }: { item: ReviewItem; onDone: () => void }) {
  const { t } = useTranslation();
  const { run } = useIntent();
  const form = useForm({ initialValues: { reason: "" }, validate: (values) => schemaErrors(refuseBody, values) });
  const { submit, saving } = useFormSubmit(
    form,
    async ({ reason }) => {
      await run("refuse", { kind: item.kind, id: item._id, reason: reason.trim() });
      notifications.show({
        color: "teal",
        message: t("“{{title}}” is refused; its performers are told why.", { title: item.title }),
      });
      onDone();
    },
    t(reviewTexts[item.kind].refuseFailed),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t("Refuse")}>
      <Stack gap="md">
        <Text size="sm">
          <Emphasized
            value={<b>{item.title}</b>}
            sentence={t(
              "{{title}} stays off the site. Its performers are notified and mailed your reason, and can change it and publish it again.",
              { title: emphasisMark },
            )}
          />
        </Text>
        <Textarea
          label={t("Reason")}
          description={t("Shown to the performers.")}
          required
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
          key={form.key("reason")}
          {...form.getInputProps("reason")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t("Cancel")}
          </Button>
          <Button type="submit" color="red" loading={saving}>
            {t("Refuse")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The item under review: what it is, its media, the releases, and approve or refuse. */
export function ReviewPanel({
  item,
  media,
  mediaError,
  people,
  onApprove,
  onRefuse,
  approving,
  currencySymbol,
}: {
  item: ReviewItem;
  media: ReviewMedia | null;
  mediaError: string | null;
  /** Who appears in a movie or gallery and their releases; null for a product. */
  people: { result: AppearingPeople | null; error: string | null } | null;
  onApprove: () => void;
  onRefuse: () => void;
  approving: boolean;
  currencySymbol: string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const future = item.scheduledAt && new Date(item.scheduledAt) > new Date() ? item.scheduledAt : null;
  const price = item.price !== null ? `${currencySymbol}${item.price.toFixed(2)}` : null;
  const access = item.access ? (item.access === "sale" && price ? price : t(accessLabels[item.access])) : price;
  return (
    <Card
      withBorder
      radius="lg"
      p="md"
      data-testid="review-panel"
      aria-label={t("Review {{title}}", { title: item.title })}
    >
      <Stack gap="md">
        <div>
          <Group gap="xs" mb={4}>
            <Badge variant="light">{t(reviewKindLabels[item.kind])}</Badge>
            {access && (
              <Badge variant="outline" color="gray">
                {access}
              </Badge>
            )}
          </Group>
          <Title order={2} fz="lg" style={{ overflowWrap: "anywhere" }}>
            {item.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t("By {{names}} · submitted {{date}}", {
              names: item.performers.map((p) => p.name).join(", ") || "—",
              date: f.dateTime(item.submittedAt),
            })}
          </Text>
          {future && (
            <Text size="sm" mt={4}>
              {t("Scheduled for {{date}}: approved, it is announced now and released then.", { date: f.date(future) })}
            </Text>
          )}
        </div>
        {mediaError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("Could not load its media")}>
            {t(mediaError)}
          </Alert>
        ) : (
          <ReviewMediaView item={item} media={media} />
        )}
        {item.description && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} lineClamp={6}>
            {item.description}
          </Text>
        )}
        <ReviewReleases item={item} people={people?.result ?? null} error={people?.error ?? null} />
        <Group justify="space-between" gap="sm">
          <Anchor component={Link} to={item.link} size="sm" target="_blank">
            <Group gap={4} component="span">
              {t("Open its page")} <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
          <Group gap="sm">
            <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={onRefuse}>
              {t("Refuse")}
            </Button>
            <Button leftSection={<IconCheck size={16} />} loading={approving} onClick={onApprove}>
              {t("Approve")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
