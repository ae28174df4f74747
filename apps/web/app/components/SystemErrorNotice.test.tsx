import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { Provider } from "react-redux";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "../lib/api.ts";
import { makeStore } from "../state/store.ts";
import { setSystemError } from "../state/system.ts";
import { SystemErrorNotice } from "./SystemErrorNotice.tsx";

const render = (store: ReturnType<typeof makeStore>) =>
  renderToStaticMarkup(
    <Provider store={store}>
      <MantineProvider>
        <MemoryRouter>
          <SystemErrorNotice />
        </MemoryRouter>
      </MantineProvider>
    </Provider>,
  ).replace(/<!-- -->/g, "");

describe("system.error on the page", () => {
  it("shows nothing while no request has failed on the server", () => {
    const html = render(makeStore());
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain("The server could not finish a request");
  });

  it("says a server error happened, with the server's words, once a client reports one", async () => {
    const store = makeStore();
    // As root.tsx wires the browser's client: its server errors become system.error.
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ statusCode: 503, message: "Down for a moment." }), { status: 503 }),
    );
    const client = createApiClient({
      baseUrl: () => "http://api.test",
      getToken: () => null,
      fetch: fetchMock as unknown as typeof fetch,
      onServerError: (e) => store.dispatch(setSystemError({ message: e.message, statusCode: e.statusCode })),
    });
    await client.get("/user/assets/videos/search").catch(() => undefined);
    expect(store.getState().system.error).toEqual({ message: "Down for a moment.", statusCode: 503 });
    const html = render(store);
    expect(html).toContain('role="alert"');
    expect(html).toContain("The server could not finish a request");
    expect(html).toContain("Please try again in a moment. The server said: Down for a moment.");
  });
});
