import {
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
  convertCssVariables,
  createTheme,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from "@mantine/core";

const fontStack =
  'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: "grape",
  // Shade 7 keeps white button text above WCAG AA contrast in both schemes.
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: "md",
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: "750" },
  cursorType: "pointer",
  // Plain objects rather than `Button.extend(...)`: `extend` would bring each component's code (and CSS) into every
  // page's first load, PasswordInput and Textarea included.
  components: {
    Button: { defaultProps: { radius: "md" } },
    Card: { defaultProps: { radius: "lg", withBorder: true, padding: "xl" } },
    TextInput: { defaultProps: { size: "md" } },
    PasswordInput: { defaultProps: { size: "md" } },
    Textarea: { defaultProps: { size: "md" } },
    // Every dialog's close button has a name for screen readers, not only the ones that remember to pass it.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
  },
});

/**
 * The text colour of every `light` variant (badges, alerts, subtle buttons) in the light scheme: Mantine's shade 6 on
 * its 10% tint falls short of WCAG AA contrast for teal, green, orange and yellow, so it is shade 9 darkened by 30%,
 * for every colour at once rather than per badge (by a quarter, yellow still measured 4.47:1).
 */
function lightVariantText(colors: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(colors).map((c) => [
      `--mantine-color-${c}-light-color`,
      `color-mix(in srgb, var(--mantine-color-${c}-9), black 30%)`,
    ]),
  );
}

/**
 * Red buttons (Take down, Delete, Send report) in shade 9 in both schemes: Mantine's filled shade 7 under white text
 * measured 3.84:1. Set per scheme, where Mantine sets its own.
 */
const redFilled = {
  "--mantine-color-red-filled": "var(--mantine-color-red-9)",
  "--mantine-color-red-filled-hover": "color-mix(in srgb, var(--mantine-color-red-9), black 15%)",
};

/** Dimmed text a little darker (light) / lighter (dark) than Mantine's default so it passes WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "#5c636a",
    // A field's error message and text: Mantine's red 6 measured 3.28:1 on white (the checkout's address form).
    "--mantine-color-error": "var(--mantine-color-red-9)",
    ...redFilled,
    ...lightVariantText(t.colors),
  },
  dark: { "--mantine-color-dimmed": "#a3a3a3", "--mantine-color-error": "var(--mantine-color-red-4)", ...redFilled },
});

let variablesCss: string | undefined;

/**
 * The theme's CSS variables, as MantineProvider would write them into every page (with its default
 * `deduplicateCssVariables`: what default-css-variables.css already says is left out). The theme never changes, so
 * they are worked out once per process instead of in every render, where they cost 3% of a page's server CPU.
 * The root layout writes them (MantineProvider's own writing is off); theme.test.ts checks the two agree.
 */
export function themeVariablesCss(): string {
  if (variablesCss === undefined) {
    const full = mergeMantineTheme(DEFAULT_THEME, theme);
    const merged = deepMerge(defaultCssVariablesResolver(full), cssVariablesResolver(full)) as ConvertCSSVariablesInput;
    const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
    const own = (group: keyof ConvertCSSVariablesInput) =>
      Object.fromEntries(
        Object.entries(merged[group]).filter(([key, value]) => defaults[group][key as never] !== value),
      );
    variablesCss = convertCssVariables({ variables: own("variables"), light: own("light"), dark: own("dark") });
  }
  return variablesCss;
}
