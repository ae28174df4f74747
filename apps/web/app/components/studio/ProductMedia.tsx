import { Alert, Badge, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { StudioProduct } from "@marquee/contracts/products";
import { IconAlertCircle, IconFile, IconFileUpload, IconShoppingBag } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { productListing, productTypeLabels, stockLabel } from "../../lib/studio.ts";
import { byPosition, formatBytes, inOrder, moveId } from "../../lib/studio-media.ts";
import { useIntent } from "../../lib/use-intent.ts";
import { EditDeleteActions, MediaThumb } from "../admin/ManageList.tsx";
import { uploadFile } from "../admin/use-manage.tsx";
import { useConfirm } from "../ConfirmDialog.tsx";
import { formatPrice } from "../catalogue/format.ts";
import { AssetTitleCell, StatusCell } from "./AssetList.tsx";
import { PhotoTile, UploadQueue } from "./PhotoTiles.tsx";
import { PhotoDropzone, usePhotoUploads } from "./PhotoUploads.tsx";
import { UploadButton } from "./UploadButton.tsx";

const enc = encodeURIComponent;
const base = (product: StudioProduct) => `/performer/assets/products/${enc(product._id)}`;

export function ProductThumb({ product, size = 64 }: { product: StudioProduct; size?: number }) {
  return <MediaThumb image={product.image?.thumb} width={size} height={size} icon={IconShoppingBag} iconSize={22} />;
}

/** Why the store does not list the product yet (draft, or a digital one without its file), in a warning colour. */
function NotListed({ product }: { product: StudioProduct }) {
  const { t } = useTranslation();
  const { reason } = productListing(product, t);
  if (!reason) return null;
  return (
    <Text size="xs" c="orange.8" data-testid="product-not-listed">
      {reason}
    </Text>
  );
}

/** The pictures of a product: drop several to upload them with their progress, move them, delete them. */
function ProductImages({ product }: { product: StudioProduct }) {
  const [confirm, confirmDialog] = useConfirm();
  const revalidator = useRevalidator();
  const { run, busy } = useIntent();
  const { t } = useTranslation();
  const uploads = usePhotoUploads(`${base(product)}/images/upload`, () => void revalidator.revalidate());
  // A move shows at once, until the product is read again.
  const [moved, setMoved] = useState<{ of: StudioProduct["images"]; ids: string[] } | null>(null);
  const images = inOrder(byPosition(product.images), moved?.of === product.images ? moved.ids : null);

  const move = async (index: number, delta: number) => {
    const ids = moveId(
      images.map((i) => i._id),
      index,
      index + delta,
    );
    if (!ids) return;
    setMoved({ of: product.images, ids });
    try {
      await run("reorderImages", { id: product._id, imageIds: ids });
    } catch (e) {
      setMoved(null);
      notifications.show({ color: "red", title: t("Could not reorder the pictures"), message: errorMessage(e) });
    }
  };

  const remove = async (imageId: string, n: number) => {
    const ok = await confirm({
      title: t("Delete this picture?"),
      message: t("Picture {{n}} is removed from {{title}} for good.", { n, title: product.title }),
      confirmLabel: t("Delete picture"),
    });
    if (!ok) return;
    try {
      await run("deleteImage", { id: product._id, imageId });
      notifications.show({ color: "teal", message: t("Picture deleted.") });
    } catch (e) {
      notifications.show({ color: "red", title: t("Could not delete the picture"), message: errorMessage(e) });
    }
  };

  return (
    <Stack gap="md" component="section" aria-label={t("Pictures")}>
      <Group justify="space-between">
        <Title order={3} fz="md">
          {t("Pictures")}
        </Title>
        <Badge variant="light" color="gray">
          {t("{{n}} pictures", { count: images.length, n: images.length })}
        </Badge>
      </Group>
      <PhotoDropzone uploads={uploads} plural="pictures" testId="product-image-dropzone" />
      <UploadQueue queue={uploads.queue} onClear={uploads.clear} label={t("Picture uploads")} />
      {images.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("No pictures yet. The first one is the product's picture in the store.")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {images.map((image, index) => (
            <PhotoTile
              key={image._id}
              image={image.thumb}
              title={t("{{title}}, picture {{n}}", { title: product.title, n: index + 1 })}
              noun="picture"
              index={index}
              count={images.length}
              isCover={index === 0}
              coverLabel={t("Main")}
              busy={busy}
              onMove={(delta) => void move(index, delta)}
              onDelete={() => void remove(image._id, index + 1)}
            />
          ))}
        </SimpleGrid>
      )}
      {confirmDialog}
    </Stack>
  );
}

/** A digital product's file: what is attached, and an upload (replacing it) with its progress. */
function ProductFile({ product }: { product: StudioProduct }) {
  const revalidator = useRevalidator();
  const { file } = product;
  const { t } = useTranslation();
  const upload = async (chosen: File, onProgress: (percent: number) => void) => {
    await uploadFile(`${base(product)}/file/upload`, chosen, onProgress);
    await revalidator.revalidate();
    notifications.show({
      color: "teal",
      message: t("{{file}} is attached to {{title}}.", { file: chosen.name, title: product.title }),
    });
  };
  return (
    <Stack gap="sm" component="section" aria-label={t("File")}>
      <Title order={3} fz="md">
        {t("File")}
      </Title>
      {file ? (
        <Group gap="xs" wrap="nowrap" data-testid="product-file">
          <IconFile size={20} stroke={1.5} style={{ flex: "none" }} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end">
              {file.name}
            </Text>
            <Text size="xs" c="dimmed">
              {[formatBytes(file.sizeBytes), file.contentType.split(";")[0]].filter(Boolean).join(" · ")}
            </Text>
          </Stack>
        </Group>
      ) : (
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
          {t("No file yet. Buyers download it after paying; the store lists the product once it is in.")}
        </Alert>
      )}
      <UploadButton
        kind="file"
        what="file"
        label={file ? t("Replace file") : t("Upload file")}
        icon={<IconFileUpload size={16} />}
        upload={upload}
        testId="product-file-upload-progress"
      />
      <Text size="xs" c="dimmed">
        {t("Any kind of file; it is always downloaded, never opened in the browser.")}
      </Text>
    </Stack>
  );
}

/** The media tab of a product: its pictures and, for a digital product, its file. */
export function ProductMedia({ product }: { product: StudioProduct }) {
  return (
    <Stack gap="lg">
      <NotListed product={product} />
      {product.type === "digital" && (
        <>
          <ProductFile product={product} />
          <Divider />
        </>
      )}
      <ProductImages product={product} />
    </Stack>
  );
}

export function ProductRow({
  product,
  currencySymbol,
  onEdit,
  onDelete,
}: {
  product: StudioProduct;
  currencySymbol: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Table.Tr data-testid={`product-row-${product._id}`}>
      <Table.Td w={88}>
        <ProductThumb product={product} />
      </Table.Td>
      <AssetTitleCell
        title={product.title}
        onEdit={onEdit}
        meta={t("Created {{date}}", { date: f.date(product.createdAt) })}
      >
        <NotListed product={product} />
      </AssetTitleCell>
      <Table.Td>
        <Badge variant="light" color={product.type === "digital" ? "grape" : "blue"}>
          {t(productTypeLabels[product.type])}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">{formatPrice(product.price, currencySymbol, f.locale)}</Table.Td>
      <Table.Td>
        <Text size="sm" c={product.type === "physical" && !product.stock ? "red.8" : undefined}>
          {stockLabel(product, t, f.locale)}
        </Text>
        {product.type === "digital" && (
          <Text size="xs" c="dimmed">
            {product.file ? t("File attached") : t("No file yet")}
          </Text>
        )}
      </Table.Td>
      <StatusCell status={product.status} moderation={product.moderation} />
      <Table.Td>
        <EditDeleteActions name={product.title} onEdit={onEdit} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}
