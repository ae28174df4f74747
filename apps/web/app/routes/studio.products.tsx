import "@mantine/dropzone/styles.css";
import { notifications } from "@mantine/notifications";
import { createProductBody, type StudioProduct, updateProductBody } from "@marquee/contracts/products";
import { IconPhoto, IconShoppingBag } from "@tabler/icons-react";
import { useState } from "react";
import { DataTable, EditDrawer } from "../components/admin/ManageList.tsx";
import { useConfirmedDelete } from "../components/admin/use-manage.tsx";
import { AssetForm } from "../components/studio/AssetForm.tsx";
import { AssetDrawerTabs, StudioAssetScreen } from "../components/studio/AssetList.tsx";
import { ProductFields } from "../components/studio/ProductFields.tsx";
import { ProductMedia, ProductRow } from "../components/studio/ProductMedia.tsx";
import { StudioForbidden, useStudioRole } from "../components/studio/StudioPage.tsx";
import { type StudioListData, useStudioAssets } from "../components/studio/use-studio-assets.ts";
import { msg } from "../i18n/i18n.ts";
import { Trans } from "../i18n/Trans.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents } from "../lib/actions.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { schemaErrors } from "../lib/studio.ts";
import { assetIntents, loadStudioAssets, productImageIntents } from "../lib/studio-assets.server.ts";
import { type ProductFormValues, productBody, productFormValues, validateProductForm } from "../lib/studio-forms.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/studio.products";

export const handle = pages.studioProducts.handle;

const DESCRIPTION = msg("Sell physical and digital products: prices, stock, pictures and files.");
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("My products"), t(DESCRIPTION));
};

export function loader({ request, context }: Route.LoaderArgs) {
  return loadStudioAssets<StudioProduct>(request, context, "products", msg("Could not load your products."));
}

const productIntents = { ...assetIntents("products"), ...productImageIntents };

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, productIntents);
}

/** A product still missing what the store shows first (a picture; a digital product's file) opens on its media. */
const needsMedia = (product: StudioProduct) =>
  product.images.length === 0 || (product.type === "digital" && !product.file);

function ProductsManager({ isAdmin, data }: { isAdmin: boolean; data: StudioListData<StudioProduct> }) {
  const currencySymbol = useAppSelector((s) => s.ui.currencySymbol);
  const [remove, confirmDialog] = useConfirmedDelete();
  const assets = useStudioAssets<StudioProduct>(data);
  const { result, loading, drawer, openItem, openNew, close, options } = assets;
  const [drawerTab, setDrawerTab] = useState<"details" | "media" | "people">("details");
  const editing = drawer?.mode === "edit" ? drawer.item : null;
  const { t } = useTranslation();

  const confirmRemove = (product: StudioProduct) =>
    remove({
      title: t("Delete this product?"),
      message: (
        <Trans
          t={t}
          i18nKey={msg("<b/>, its pictures and its file are removed for good. Orders already paid keep their lines.")}
          components={{ b: <b>{product.title}</b> }}
        />
      ),
      confirmLabel: t("Delete product"),
      id: product._id,
      deleted: t("{{title}} was deleted.", { title: product.title }),
      failTitle: t("Could not delete the product"),
      onDeleted: () => {
        if (editing?._id === product._id) close();
      },
    });

  const startNew = () => {
    setDrawerTab("details");
    openNew();
  };
  const openEdit = (product: StudioProduct) => {
    setDrawerTab(needsMedia(product) ? "media" : "details");
    openItem(product);
  };

  const onSaved = (product: StudioProduct, created: boolean) => {
    openItem(product, created);
    if (created) {
      setDrawerTab("media");
      notifications.show({
        color: "teal",
        title: t("Product created"),
        message:
          product.type === "digital" ? t("Now upload its file and add its pictures.") : t("Now add its pictures."),
      });
    } else {
      notifications.show({ color: "teal", message: t("Your changes are saved.") });
    }
  };

  const schema = editing ? updateProductBody : createProductBody;
  const toBody = (values: ProductFormValues) => productBody(values, !editing);

  return (
    <StudioAssetScreen
      title={t("My products")}
      description={t(DESCRIPTION)}
      noun="product"
      plural="products"
      icon={IconShoppingBag}
      assets={assets}
      onNew={startNew}
      searchPlaceholder={t("Name or description")}
      table={
        <DataTable
          label={t("My products")}
          minWidth={860}
          spacing="md"
          busy={loading}
          columns={[
            { label: t("Picture"), hidden: true },
            { label: t("Name") },
            { label: t("Type") },
            { label: t("Price"), right: true },
            { label: t("Stock") },
            { label: t("Status") },
            { label: t("Actions"), hidden: true },
          ]}
        >
          {result?.data.map((product) => (
            <ProductRow
              key={product._id}
              product={product}
              currencySymbol={currencySymbol}
              onEdit={() => openEdit(product)}
              onDelete={() => void confirmRemove(product)}
            />
          ))}
        </DataTable>
      }
    >
      <EditDrawer opened={drawer !== null} onClose={close} title={editing ? t("Edit product") : t("New product")}>
        {drawer && (
          <AssetDrawerTabs
            tab={drawerTab}
            onTab={setDrawerTab}
            editing={!!editing}
            media={{ value: "media", label: t("Media"), icon: <IconPhoto size={16} /> }}
            form={
              <AssetForm<ProductFormValues, StudioProduct>
                key={editing?._id ?? "new"}
                kind="product"
                item={editing}
                isAdmin={isAdmin}
                options={options}
                initialValues={productFormValues(editing)}
                validate={(values) => ({ ...schemaErrors(schema, toBody(values)), ...validateProductForm(values) })}
                toBody={toBody}
                onSaved={onSaved}
                fields={(form, choices) => <ProductFields form={form} creating={!editing} {...choices} />}
              />
            }
            newHint={t("Create the product first; then add its pictures (and a digital product's file) under Media.")}
            panel={editing && <ProductMedia key={editing._id} product={editing} />}
          />
        )}
      </EditDrawer>
      {confirmDialog}
    </StudioAssetScreen>
  );
}

export default function StudioProductsPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  if (!role) return <StudioForbidden />;
  return <ProductsManager isAdmin={role === "admin"} data={loaderData} />;
}
