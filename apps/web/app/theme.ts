import { type CSSVariablesResolver, createTheme } from "@mantine/core";

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
  },
});

/** Dimmed text a little darker (light) / lighter (dark) than Mantine's default so it passes WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#5c636a" },
  dark: { "--mantine-color-dimmed": "#a3a3a3" },
});
