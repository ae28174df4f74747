import { type GatewayKey, gatewayFields, gatewayKeys } from "@marquee/contracts/payment-gateway";
import type { SettingKey } from "@marquee/contracts/settings";
import { msg } from "../../i18n/i18n.ts";
import type { SettingGroup } from "../../lib/admin-settings.ts";

/** What each settings group and setting says and takes on Admin → Settings. */
export const groupText: Record<SettingGroup, { title: string; description: string }> = {
  general: { title: msg("General"), description: msg("Branding, footer, navigation menus and site availability.") },
  compliance: {
    title: msg("Age gate and verification"),
    description: msg(
      "Who must confirm they are 18 or older before the site shows them anything (the legal pages stay open to everyone, search engines included), and how long a performer's identity verification lasts.",
    ),
  },
  payment: {
    title: msg("Payment"),
    description: msg(
      "The currency prices are shown in, and the payment gateway with its account's keys. A variable set in the API's environment wins over the setting here. Gateway settings are read when the API starts: restart the API to apply a change.",
    ),
  },
  auth: { title: msg("Sign-up and security"), description: msg("Rules for new accounts and bot protection.") },
  email: { title: msg("Email"), description: msg("Where messages from the contact form go.") },
  commission: { title: msg("Commission"), description: msg("How sales are shared with performers.") },
  review: {
    title: msg("Content review"),
    description: msg(
      "Whether what performers publish (movies, galleries, store products, and new media of one that is out) waits in the review queue until an admin approves it. What admins publish goes out at once.",
    ),
  },
};

export type FieldSpec =
  | { kind: "text"; label: string; description?: string; type?: string; placeholder?: string }
  | { kind: "textarea"; label: string; description?: string }
  | { kind: "switch"; label: string; description?: string }
  | {
      kind: "number";
      label: string;
      description?: string;
      min: number;
      max: number;
      step: number;
      decimalScale?: number;
      suffix?: string;
    }
  | { kind: "menus"; label: string; description?: string }
  | { kind: "image"; label: string; description?: string; placeholder: string; shape: "logo" | "square" | "wide" }
  | { kind: "select"; label: string; description?: string; options: { value: string; label: string }[] }
  | { kind: "countries"; label: string; description?: string }
  | { kind: "gateway"; label: string; description?: string }
  | { kind: "select"; label: string; description?: string; options: { value: string; label: string }[] }
  | { kind: "secret"; label: string; description?: string };

/** The gateway's own settings: a password field for each secret, text for the rest; the rules' words as help. */
const gatewaySpecs = Object.fromEntries(
  gatewayKeys
    .filter((k) => k !== "paymentGateway")
    .map((key) => {
      const field = gatewayFields[key];
      const help = field.expected.charAt(0).toUpperCase() + field.expected.slice(1);
      const description = field.required ? `${help}.` : `${help}. Optional.`;
      const placeholder = key === "ccbillWebhookIps" ? "Empty: CCBill's published ranges" : undefined;
      return [key, { kind: field.secret ? "secret" : "text", label: field.label, description, placeholder }];
    }),
) as Record<Exclude<GatewayKey, "paymentGateway">, FieldSpec>;

export const fields: Record<SettingKey, FieldSpec> = {
  siteName: { kind: "text", label: msg("Site name"), description: msg("Shown in the header and in page titles.") },
  logo: {
    kind: "image",
    label: msg("Logo"),
    description: msg(
      "Shown beside the site name in the header and footer. A square picture reads best; SVG is drawn to a 512 px picture.",
    ),
    // i18n-exempt: a path, the same in every language
    placeholder: "/logo.svg",
    shape: "logo",
  },
  favicon: {
    kind: "image",
    label: msg("Favicon"),
    description: msg(
      "The icon of the site's browser tabs and bookmarks, stored as a 192 px square PNG. ICO files are not taken.",
    ),
    // i18n-exempt: a path, the same in every language
    placeholder: "/favicon.svg",
    shape: "square",
  },
  loginPlaceholderImage: {
    kind: "image",
    label: msg("Login page image"),
    description: msg("Fills the left half of the log-in and sign-up pages on large screens."),
    // i18n-exempt: a path, the same in every language
    placeholder: "/login-placeholder.webp",
    shape: "wide",
  },
  bannerAutoplaySpeed: {
    kind: "number",
    label: msg("Banner autoplay speed"),
    description: msg("Milliseconds between banner slides (1,000 to 60,000)."),
    min: 1000,
    max: 60000,
    step: 500,
    suffix: " ms",
  },
  footerContent: {
    kind: "textarea",
    label: msg("Footer content"),
    description: msg("Text shown at the bottom of every page."),
  },
  menus: {
    kind: "menus",
    label: msg("Menus"),
    description: msg("The header's extra links and the footer's links, each shown in its order."),
  },
  maintenanceMode: {
    kind: "switch",
    label: msg("Maintenance mode"),
    description: msg("Visitors see the maintenance page; administrators can still use the site."),
  },
  ageGate: {
    kind: "select",
    label: msg("Age gate"),
    description: msg("Passing it is remembered in the visitor's browser for a year."),
    options: [
      { value: "off", label: msg("Off") },
      { value: "click-through", label: msg('Everyone: "I am 18 or older"') },
      { value: "countries", label: msg("Only visitors from the countries below") },
    ],
  },
  ageGateCountries: {
    kind: "countries",
    label: msg("Countries that require it"),
    description: msg(
      "Two-letter codes such as GB or US, placed by the visitor's address. Used when the age gate is set to the listed countries.",
    ),
  },
  currency: { kind: "text", label: msg("Currency code"), description: msg("Three letters, such as USD or EUR.") },
  currencySymbol: { kind: "text", label: msg("Currency symbol"), description: msg("Shown next to prices, such as $.") },
  paymentGateway: {
    kind: "gateway",
    label: msg("Payment gateway"),
    description: msg(
      "Not set: the sandbox, where buyers approve their own payments (a production site must name one).",
    ),
  },
  ...gatewaySpecs,
  checkoutHoldMinutes: {
    kind: "number",
    label: msg("Store checkout hold"),
    description: msg("Minutes a store checkout holds the physical stock while its payment is pending (1 to 240)."),
    min: 1,
    max: 240,
    step: 1,
    suffix: " min",
  },
  checkoutHoldMaxUnits: {
    kind: "number",
    label: msg("Items one checkout may hold"),
    description: msg("The most physical items one buyer's pending store checkout may hold (1 to 1,000)."),
    min: 1,
    max: 1000,
    step: 1,
  },
  taxPricesIncludeTax: {
    kind: "switch",
    label: msg("Prices include tax"),
    description: msg(
      "On: listed prices are what buyers pay, tax included. Off: the tax of the buyer's country is added at checkout.",
    ),
  },
  requireEmailVerification: {
    kind: "switch",
    label: msg("Require email verification"),
    description: msg("New members must confirm their email address before they can log in."),
  },
  reCaptchaSiteKey: {
    kind: "text",
    label: msg("reCAPTCHA site key"),
    description: msg("Leave empty to turn reCAPTCHA off."),
  },
  contactEmail: {
    kind: "text",
    type: "email",
    label: msg("Contact email"),
    description: msg("Messages from the contact form are sent here."),
  },
  performerCommission: {
    kind: "number",
    label: msg("Performer commission"),
    description: msg("The share of each sale the site keeps, in percent; a performer's own rate (Performers) wins."),
    min: 0,
    max: 100,
    step: 1,
    decimalScale: 2,
    suffix: "%",
  },
  tipCommission: {
    kind: "number",
    label: msg("Tip commission"),
    description: msg("The share of each tip the site keeps, in percent, for every performer."),
    min: 0,
    max: 100,
    step: 1,
    decimalScale: 2,
    suffix: "%",
  },
  tipMinimum: {
    kind: "number",
    label: msg("Smallest tip"),
    description: msg("The least a member may tip, in the site's currency."),
    min: 0.5,
    max: 10000,
    step: 1,
    decimalScale: 2,
  },
  tipMaximum: {
    kind: "number",
    label: msg("Largest tip"),
    description: msg("The most a member may tip at once, in the site's currency."),
    min: 1,
    max: 100000,
    step: 1,
    decimalScale: 2,
  },
  payoutMinimum: {
    kind: "number",
    label: msg("Payout minimum"),
    description: msg("The least balance a performer may ask to be paid, in the site's currency."),
    min: 0,
    max: 100000,
    step: 1,
    decimalScale: 2,
  },
  payoutMethodHoldDays: {
    kind: "number",
    label: msg("Payout method hold (days)"),
    description: msg("Days a new or changed payout method waits before a payout request can use it (0 to 90)."),
    min: 0,
    max: 90,
    step: 1,
    decimalScale: 0,
  },
  reviewMode: {
    kind: "select",
    label: msg("Review before publication"),
    description: msg("Card networks ask for review of content before it is published."),
    options: [
      { value: "all", label: msg("Everything performers publish") },
      { value: "first", label: msg("Each performer's first items only") },
      { value: "none", label: msg("Nothing (performers publish directly)") },
    ],
  },
  reviewFirstItems: {
    kind: "number",
    label: msg("Items reviewed per performer"),
    description: msg(
      "With “first items only”: how many approved items a performer needs before theirs go out directly.",
    ),
    min: 1,
    max: 1000,
    step: 1,
    decimalScale: 0,
  },
  verificationValidMonths: {
    kind: "number",
    label: msg("Verification valid for (months)"),
    description: msg(
      "How long a performer's approved identity verification lasts before they must apply again; 0: it does not expire.",
    ),
    min: 0,
    max: 120,
    step: 1,
    decimalScale: 0,
  },
};
