// Every table, for drizzle-kit and for the typed query API. Each module owns its own tables.ts.
export * from "../modules/auth/tables.ts";
export * from "../modules/banners/tables.ts";
export * from "../modules/categories/tables.ts";
export * from "../modules/contact/tables.ts";
export * from "../modules/country-block/tables.ts";
export * from "../modules/galleries/tables.ts";
export * from "../modules/orders/tables.ts";
export * from "../modules/payments/tables.ts";
export * from "../modules/performers/tables.ts";
export * from "../modules/posts/tables.ts";
export * from "../modules/products/tables.ts";
export * from "../modules/reactions/tables.ts";
export * from "../modules/settings/tables.ts";
export * from "../modules/subscriptions/tables.ts";
export * from "../modules/users/tables.ts";
export * from "../modules/videos/tables.ts";
export * from "../platform/throttle-table.ts";
