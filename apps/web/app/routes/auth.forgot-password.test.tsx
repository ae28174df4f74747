import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { Provider } from "react-redux";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { forgotAnswered, forgotFailed, forgotRequested } from "../state/auth.ts";
import { makeStore } from "../state/store.ts";
import ForgotPasswordPage from "./auth.forgot-password.tsx";

/** The forgot-password screen as a visitor sees each state of auth.forgotData (SPEC section 3). */
function render(store: ReturnType<typeof makeStore>): string {
  const router = createMemoryRouter([{ path: "/", element: <ForgotPasswordPage /> }]);
  return renderToStaticMarkup(
    <Provider store={store}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  ).replace(/<!-- -->/g, "");
}

describe("the forgot-password screen", () => {
  it("asks for the email before anything is sent", () => {
    const html = render(makeStore());
    expect(html).toContain("Forgot your password?");
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>/);
    expect(html).not.toContain('data-loading="true"');
    expect(html).not.toContain('role="alert"');
  });

  it("shows Send loading while auth.forgotData is requesting", () => {
    const store = makeStore();
    store.dispatch(forgotRequested());
    expect(render(store)).toMatch(
      /<button[^>]*data-loading="true"[^>]*type="submit"|<button[^>]*type="submit"[^>]*data-loading="true"/,
    );
  });

  it("shows the answer in place of the form once it has succeeded", () => {
    const store = makeStore();
    store.dispatch(forgotRequested());
    store.dispatch(forgotAnswered({ message: "If an account uses that email, a reset link is on its way." }));
    const html = render(store);
    expect(html).toContain("If an account uses that email, a reset link is on its way.");
    expect(html).not.toContain('type="submit"');
  });

  it("says why it failed above the form, which stays to try again", () => {
    const store = makeStore();
    store.dispatch(forgotFailed({ statusCode: 429, message: "Too many requests, please wait a minute." }));
    const html = render(store);
    expect(html).toMatch(/role="alert"[^>]*>.*Too many requests, please wait a minute\./s);
    expect(html).toContain('type="submit"');
  });
});
