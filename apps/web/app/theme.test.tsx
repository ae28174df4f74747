import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cssVariablesResolver, theme, themeVariablesCss } from "./theme.ts";

describe("the theme's CSS variables", () => {
  it("are what MantineProvider itself would write into the page", () => {
    const html = renderToString(
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <p>page</p>
      </MantineProvider>,
    );
    const written = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)?.[1];
    // React escapes nothing inside a style's raw HTML; the two must agree to the character.
    expect(written).toBe(themeVariablesCss());
    // The site's own choices are in it: the grape primary colour and the darker dimmed text of both schemes.
    expect(themeVariablesCss()).toContain("--mantine-primary-color-filled: var(--mantine-color-grape-filled);");
    expect(themeVariablesCss()).toContain("--mantine-color-dimmed: #5c636a;");
    expect(themeVariablesCss()).toContain("--mantine-color-dimmed: #a3a3a3;");
  });
});
