/** Form values <-> API bodies of the studio: movies, galleries, products and the performer profile. */
import type { AccessKind } from "@marquee/contracts/catalogue";
import type { UpdateGalleryBody } from "@marquee/contracts/galleries";
import type { Locale } from "@marquee/contracts/locales";
import type { Performer, UpdatePerformerBody } from "@marquee/contracts/performers";
import type { CreateProductBody, ProductType, UpdateProductBody } from "@marquee/contracts/products";
import type { CreateVideoBody, StudioVideo } from "@marquee/contracts/videos";
import { formatPrice } from "../components/catalogue/format.ts";
import type { TFunction } from "../i18n/i18n.ts";
import { msg, tFor } from "../i18n/i18n.ts";
import {
  type AssetStatus,
  fromLocalInput,
  type NumberValue,
  normalizeTags,
  numberOrNull,
  toLocalInput,
} from "./studio.ts";

/** What the details form of a movie and of a gallery have in common. */
export interface AssetFormValues {
  title: string;
  description: string;
  tags: string[];
  access: AccessKind;
  price: NumberValue;
  status: AssetStatus;
  categoryIds: string[];
  /** Admins choose the performers; empty for a performer's own item. */
  performerIds: string[];
}

interface AssetLike {
  title: string;
  description: string;
  tags: string[];
  access: AccessKind;
  price: number | null;
  status: AssetStatus;
  categories: Array<{ _id: string }>;
  performers: Array<{ _id: string }>;
}

function assetFormValues(item: AssetLike | null | undefined): AssetFormValues {
  return {
    title: item?.title ?? "",
    description: item?.description ?? "",
    tags: [...(item?.tags ?? [])],
    access: item?.access ?? "free",
    price: item?.price ?? "",
    status: item?.status ?? "draft",
    categoryIds: (item?.categories ?? []).map((c) => c._id),
    performerIds: (item?.performers ?? []).map((p) => p._id),
  };
}

/** Trimmed text, a price only for `sale`, performers only when chosen (admins). */
function assetBody(values: AssetFormValues) {
  const body: Omit<CreateVideoBody, "scheduledAt"> & { performerIds?: string[] } = {
    title: values.title.trim(),
    description: values.description.trim(),
    tags: normalizeTags(values.tags),
    access: values.access,
    price: values.access === "sale" ? numberOrNull(values.price) : null,
    status: values.status,
    categoryIds: [...values.categoryIds],
  };
  if (values.performerIds.length) body.performerIds = [...values.performerIds];
  return body;
}

/** The messages are marked for translation: the form shows them through t(). */
function validateAsset(values: AssetFormValues, noun: "movie" | "gallery"): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = msg("Title is required");
  if (values.access === "sale" && numberOrNull(values.price) === null)
    errors.price = noun === "movie" ? msg("A movie for sale needs a price") : msg("A gallery for sale needs a price");
  return errors;
}

// ---- movies -----------------------------------------------------------------------------------------------------

export interface VideoFormValues extends AssetFormValues {
  /** `datetime-local` value; empty: not scheduled. */
  scheduledAt: string;
}

export const emptyVideoForm: VideoFormValues = { ...assetFormValues(null), scheduledAt: "" };

export function videoFormValues(video: StudioVideo | null | undefined): VideoFormValues {
  return { ...assetFormValues(video), scheduledAt: toLocalInput(video?.scheduledAt) };
}

/** The body of POST/PUT /performer/assets/videos; the scheduled date as an ISO instant (null clears it). */
export function videoBody(values: VideoFormValues): CreateVideoBody {
  return { ...assetBody(values), scheduledAt: fromLocalInput(values.scheduledAt) };
}

/** Form-side checks the API would also make, with messages next to the fields. */
export function validateVideoForm(values: VideoFormValues): Record<string, string> {
  const errors = validateAsset(values, "movie");
  if (values.scheduledAt.trim() && !fromLocalInput(values.scheduledAt)) errors.scheduledAt = msg("Enter a valid date");
  return errors;
}

// ---- galleries --------------------------------------------------------------------------------------------------

export type GalleryFormValues = AssetFormValues;

export const emptyGalleryForm: GalleryFormValues = assetFormValues(null);

export function galleryFormValues(gallery: AssetLike | null | undefined): GalleryFormValues {
  return assetFormValues(gallery);
}

export function galleryBody(values: GalleryFormValues): UpdateGalleryBody & { title: string } {
  return assetBody(values);
}

export function validateGalleryForm(values: GalleryFormValues): Record<string, string> {
  return validateAsset(values, "gallery");
}

// ---- products ---------------------------------------------------------------------------------------------------

export interface ProductFormValues {
  title: string;
  description: string;
  /** Chosen when the product is created; fixed after that. */
  type: ProductType;
  price: NumberValue;
  /** Units in stock of a physical product ("" while empty); not sent for a digital one. */
  stock: NumberValue;
  status: AssetStatus;
  categoryIds: string[];
  /** Admins choose the performers; empty for a performer's own product. */
  performerIds: string[];
}

interface ProductLike {
  title: string;
  description: string;
  type: ProductType;
  price: number;
  stock: number | null;
  status: AssetStatus;
  categories: Array<{ _id: string }>;
  performers: Array<{ _id: string }>;
}

export function productFormValues(product: ProductLike | null | undefined): ProductFormValues {
  return {
    title: product?.title ?? "",
    description: product?.description ?? "",
    type: product?.type ?? "physical",
    price: product?.price ?? "",
    stock: product?.stock ?? "",
    status: product?.status ?? "draft",
    categoryIds: (product?.categories ?? []).map((c) => c._id),
    performerIds: (product?.performers ?? []).map((p) => p._id),
  };
}

/**
 * The body of POST /performer/assets/products (`creating`, with the type) or of PUT /performer/assets/products/:id
 * (the type cannot change). A physical product sends its stock (null while empty, which the API refuses by name); a
 * digital one sends none.
 */
export function productBody(values: ProductFormValues, creating: true): CreateProductBody;
export function productBody(values: ProductFormValues, creating: boolean): CreateProductBody | UpdateProductBody;
export function productBody(values: ProductFormValues, creating: boolean): CreateProductBody | UpdateProductBody {
  const body: UpdateProductBody = {
    title: values.title.trim(),
    description: values.description.trim(),
    price: numberOrNull(values.price) as number,
    status: values.status,
    categoryIds: [...values.categoryIds],
  };
  if (values.type === "physical") body.stock = numberOrNull(values.stock);
  if (values.performerIds.length) body.performerIds = [...values.performerIds];
  return creating ? ({ ...body, type: values.type } as CreateProductBody) : body;
}

/** Form-side checks the API would also make, with messages next to the fields. */
export function validateProductForm(values: ProductFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = msg("Name is required");
  if (numberOrNull(values.price) === null) errors.price = msg("A product needs a price");
  if (values.type === "physical") {
    const stock = numberOrNull(values.stock);
    if (stock === null) errors.stock = msg("A physical product needs its stock");
    else if (!Number.isInteger(stock) || stock < 0) errors.stock = msg("Stock is a whole number, 0 or more");
  }
  return errors;
}

// ---- performer profile ------------------------------------------------------------------------------------------

export interface ProfileFormValues {
  languages: string[];
  ethnicity: string | null;
  bodyType: string | null;
  hairColor: string | null;
  eyeColor: string | null;
  height: string | null;
  sexualOrientation: string | null;
  categoryIds: string[];
  monthlyPrice: NumberValue;
  yearlyPrice: NumberValue;
}

export function profileFormValues(performer: Performer | null | undefined): ProfileFormValues {
  const a = performer?.attributes;
  return {
    languages: [...(performer?.languages ?? [])],
    ethnicity: a?.ethnicity ?? null,
    bodyType: a?.bodyType ?? null,
    hairColor: a?.hairColor ?? null,
    eyeColor: a?.eyeColor ?? null,
    height: a?.height ?? null,
    sexualOrientation: a?.sexualOrientation ?? null,
    categoryIds: (performer?.categories ?? []).map((c) => c._id),
    monthlyPrice: performer?.monthlyPrice ?? "",
    yearlyPrice: performer?.yearlyPrice ?? "",
  };
}

/** The body of PUT /performer/profile: every field, with empty choices sent as null (clearing them). */
export function profileBody(values: ProfileFormValues): UpdatePerformerBody {
  const choice = <T extends string>(v: string | null) => (v ? (v as T) : null);
  return {
    languages: [...new Set(values.languages.map((l) => l.trim().toLowerCase()).filter(Boolean))],
    ethnicity: choice(values.ethnicity),
    bodyType: choice(values.bodyType),
    hairColor: choice(values.hairColor),
    eyeColor: choice(values.eyeColor),
    height: choice(values.height),
    sexualOrientation: choice(values.sexualOrientation),
    categoryIds: [...values.categoryIds],
    monthlyPrice: numberOrNull(values.monthlyPrice),
    yearlyPrice: numberOrNull(values.yearlyPrice),
  } as UpdatePerformerBody;
}

/**
 * A warning, not an error (the price is the performer's to set): a yearly price above twelve monthly ones asks more
 * of the fans who commit for a year than of those who pay month by month. Null when either price is empty.
 */
export function yearlyPriceWarning(
  values: Pick<ProfileFormValues, "monthlyPrice" | "yearlyPrice">,
  currencySymbol = "$",
  t: TFunction = tFor("en"),
  locale: Locale = "en",
): string | null {
  const monthly = numberOrNull(values.monthlyPrice);
  const yearly = numberOrNull(values.yearlyPrice);
  if (monthly === null || yearly === null || monthly <= 0) return null;
  const twelve = Math.round(monthly * 12 * 100) / 100;
  if (yearly <= twelve) return null;
  return t("The yearly price is more than 12 monthly prices ({{twelve}}): fans would pay less month by month.", {
    twelve: formatPrice(twelve, currencySymbol, locale),
  });
}
