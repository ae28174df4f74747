import { MantineProvider } from "@mantine/core";
import { IconReceipt } from "@tabler/icons-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ListPanel } from "./ManageList.tsx";

const EMPTY = { icon: IconReceipt, message: "No payments here." };

const html = (props: { error?: string | null; ready?: boolean; count?: number; empty?: typeof EMPTY }) =>
  renderToStaticMarkup(
    <MantineProvider>
      <ListPanel
        label="Payments"
        error={props.error ?? null}
        onRetry={() => {}}
        ready={props.ready ?? true}
        count={props.count}
        empty={props.empty}
      >
        <p>the rows</p>
      </ListPanel>
    </MantineProvider>,
  );

describe("ListPanel", () => {
  it("shows the empty state instead of the list when there are no rows", () => {
    const out = html({ count: 0, empty: EMPTY });
    expect(out).toContain("No payments here.");
    expect(out).not.toContain("the rows");
  });

  it("shows the list when there are rows or the count is not known", () => {
    for (const count of [3, undefined]) {
      const out = html({ count, empty: EMPTY });
      expect(out).toContain("the rows");
      expect(out).not.toContain("No payments here.");
    }
    expect(html({ count: 0 })).toContain("the rows");
  });

  it("shows an error or the loading skeleton rather than the empty state", () => {
    const failed = html({ error: "Could not load.", count: 0, empty: EMPTY });
    expect(failed).toContain("Could not load.");
    expect(failed).not.toContain("No payments here.");
    const loading = html({ ready: false, count: 0, empty: EMPTY });
    expect(loading).toContain('aria-busy="true"');
    expect(loading).not.toContain("No payments here.");
  });
});
