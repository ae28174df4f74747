import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { LOOKUPS_PATH } from "./lib/admin-lookups.ts";
import { CHECKOUT_PATH } from "./lib/payments.ts";
import { REPORT_EXPORT_PATH, REPORT_PATH } from "./lib/reports.ts";
import { SOCIAL_ACTION_PATH } from "./lib/social.ts";
import { CART_PRODUCTS_PATH, CART_SYNC_PATH } from "./lib/store.ts";
import { TIP_PATH } from "./lib/tips.ts";
import { pages } from "./pages.ts";

const { home, ...rest } = pages;

export default [
  index(home.file),
  // A resource route (data only): the admin screens' type-ahead pickers.
  route(LOOKUPS_PATH, "routes/admin.lookups.ts", { id: "adminLookups" }),
  // A resource route (data only): Admin → Audit trail's CSV export, streamed from the API.
  route("/admin/audit/export.csv", "routes/admin.audit.export.ts", { id: "adminAuditExport" }),
  // A resource route (data only): Studio → Earnings' monthly statement as CSV, from the API.
  route("/studio/statements/:month.csv", "routes/studio.statement.csv.ts", { id: "studioStatementCsv" }),
  // A resource route (data only): Admin → Taxes' report as CSV, from the API.
  route("/admin/taxes/report.csv", "routes/admin.taxes.report.csv.ts", { id: "adminTaxesReportCsv" }),
  // A resource route (action only): the buy buttons' checkout.
  route(CHECKOUT_PATH, "routes/payment.checkout.ts", { id: "paymentCheckout" }),
  // A resource route (action only): the browser's cart merged into and saved with a member's account.
  route(CART_SYNC_PATH, "routes/cart.sync.ts", { id: "cartSync" }),
  // A resource route (data only): the cart page's products as they are now.
  route(CART_PRODUCTS_PATH, "routes/cart.products.ts", { id: "cartProducts" }),
  // A resource route (data only): a bought download's signed link.
  route("/store/download/:id", "routes/store.download.ts", { id: "storeDownload" }),
  // A resource route (action only): the Tip buttons' checkout.
  route(TIP_PATH, "routes/payment.tip.ts", { id: "paymentTip" }),
  // A resource route (action only): following performers, and feed posts' votes, edits and deletions.
  route(SOCIAL_ACTION_PATH, "routes/social.action.ts", { id: "socialAction" }),
  // A resource route (data only): a performer's tracking link, counted, on to their profile.
  route("/r/:code", "routes/r.$code.ts", { id: "trackingLink" }),
  // A resource route (action only): the Report buttons' filing.
  route(REPORT_PATH, "routes/reports.file.ts", { id: "reportFile" }),
  // A resource route (data only): the admin's monthly CSV of reports.
  route(REPORT_EXPORT_PATH, "routes/admin.reports.export.ts", { id: "adminReportsExport" }),
  ...Object.entries(rest).map(([id, page]) => route(page.path, page.file, { id })),
] satisfies RouteConfig;
