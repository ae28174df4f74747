import { type GatewayKey, gatewayFields, gatewayKeys } from "@marquee/contracts/payment-gateway";
import type { SettingKey } from "@marquee/contracts/settings";
import type { SettingGroup } from "../../lib/admin-settings.ts";

/** What each settings group and setting says and takes on Admin → Settings. */
export const groupText: Record<SettingGroup, { title: string; description: string }> = {
  general: { title: "General", description: "Branding, footer, navigation menus and site availability." },
  compliance: {
    title: "Age gate and verification",
    description:
      "Who must confirm they are 18 or older before the site shows them anything (the legal pages stay open to everyone, search engines included), and how long a performer's identity verification lasts.",
  },
  payment: {
    title: "Payment",
    description:
      "The currency prices are shown in, and the payment gateway with its account's keys. A variable set in the API's environment wins over the setting here. Gateway settings are read when the API starts: restart the API to apply a change.",
  },
  auth: { title: "Sign-up and security", description: "Rules for new accounts and bot protection." },
  email: { title: "Email", description: "Where messages from the contact form go." },
  commission: { title: "Commission", description: "How sales are shared with performers." },
  review: {
    title: "Content review",
    description:
      "Whether what performers publish (movies, galleries, store products, and new media of one that is out) waits in the review queue until an admin approves it. What admins publish goes out at once.",
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
  siteName: { kind: "text", label: "Site name", description: "Shown in the header and in page titles." },
  logo: {
    kind: "image",
    label: "Logo",
    description:
      "Shown beside the site name in the header and footer. A square picture reads best; SVG is drawn to a 512 px picture.",
    placeholder: "/logo.svg",
    shape: "logo",
  },
  favicon: {
    kind: "image",
    label: "Favicon",
    description:
      "The icon of the site's browser tabs and bookmarks, stored as a 192 px square PNG. ICO files are not taken.",
    placeholder: "/favicon.svg",
    shape: "square",
  },
  loginPlaceholderImage: {
    kind: "image",
    label: "Login page image",
    description: "Fills the left half of the log-in and sign-up pages on large screens.",
    placeholder: "/login-placeholder.webp",
    shape: "wide",
  },
  bannerAutoplaySpeed: {
    kind: "number",
    label: "Banner autoplay speed",
    description: "Milliseconds between banner slides (1,000 to 60,000).",
    min: 1000,
    max: 60000,
    step: 500,
    suffix: " ms",
  },
  footerContent: { kind: "textarea", label: "Footer content", description: "Text shown at the bottom of every page." },
  menus: {
    kind: "menus",
    label: "Menus",
    description: "The header's extra links and the footer's links, each shown in its order.",
  },
  maintenanceMode: {
    kind: "switch",
    label: "Maintenance mode",
    description: "Visitors see the maintenance page; administrators can still use the site.",
  },
  ageGate: {
    kind: "select",
    label: "Age gate",
    description: "Passing it is remembered in the visitor's browser for a year.",
    options: [
      { value: "off", label: "Off" },
      { value: "click-through", label: 'Everyone: "I am 18 or older"' },
      { value: "countries", label: "Only visitors from the countries below" },
    ],
  },
  ageGateCountries: {
    kind: "countries",
    label: "Countries that require it",
    description:
      "Two-letter codes such as GB or US, placed by the visitor's address. Used when the age gate is set to the listed countries.",
  },
  currency: { kind: "text", label: "Currency code", description: "Three letters, such as USD or EUR." },
  currencySymbol: { kind: "text", label: "Currency symbol", description: "Shown next to prices, such as $." },
  paymentGateway: {
    kind: "gateway",
    label: "Payment gateway",
    description: "Not set: the sandbox, where buyers approve their own payments (a production site must name one).",
  },
  ...gatewaySpecs,
  checkoutHoldMinutes: {
    kind: "number",
    label: "Store checkout hold",
    description: "Minutes a store checkout holds the physical stock while its payment is pending (1 to 240).",
    min: 1,
    max: 240,
    step: 1,
    suffix: " min",
  },
  checkoutHoldMaxUnits: {
    kind: "number",
    label: "Items one checkout may hold",
    description: "The most physical items one buyer's pending store checkout may hold (1 to 1,000).",
    min: 1,
    max: 1000,
    step: 1,
  },
  requireEmailVerification: {
    kind: "switch",
    label: "Require email verification",
    description: "New members must confirm their email address before they can log in.",
  },
  reCaptchaSiteKey: {
    kind: "text",
    label: "reCAPTCHA site key",
    description: "Leave empty to turn reCAPTCHA off.",
  },
  contactEmail: {
    kind: "text",
    type: "email",
    label: "Contact email",
    description: "Messages from the contact form are sent here.",
  },
  performerCommission: {
    kind: "number",
    label: "Performer commission",
    description: "The share of each sale the site keeps, in percent; a performer's own rate (Performers) wins.",
    min: 0,
    max: 100,
    step: 1,
    decimalScale: 2,
    suffix: "%",
  },
  reviewMode: {
    kind: "select",
    label: "Review before publication",
    description: "Card networks ask for review of content before it is published.",
    options: [
      { value: "all", label: "Everything performers publish" },
      { value: "first", label: "Each performer's first items only" },
      { value: "none", label: "Nothing (performers publish directly)" },
    ],
  },
  reviewFirstItems: {
    kind: "number",
    label: "Items reviewed per performer",
    description: "With “first items only”: how many approved items a performer needs before theirs go out directly.",
    min: 1,
    max: 1000,
    step: 1,
    decimalScale: 0,
  },
  verificationValidMonths: {
    kind: "number",
    label: "Verification valid for (months)",
    description:
      "How long a performer's approved identity verification lasts before they must apply again; 0: it does not expire.",
    min: 0,
    max: 120,
    step: 1,
    decimalScale: 0,
  },
};
