import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Provider } from "react-redux";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { makeStore } from "../../state/store.ts";
import {
  type CurrentUser,
  passwordUpdated,
  profileUpdated,
  setCurrentUser,
  updateFailed,
  updateStarted,
} from "../../state/user.ts";
import { PasswordForm } from "./PasswordForm.tsx";
import { ProfileForm } from "./ProfileForm.tsx";

/** The account screen's forms as the member sees each state of SPEC section 3's user slice. */

const user: CurrentUser = {
  _id: "11111111-1111-4111-8111-111111111111",
  avatar: "/no-avatar.png",
  cover: null,
  name: "Uma User",
  email: "uma@example.test",
  username: "uma",
};
const options = { countries: [], dialCodes: [] };

function html(store: ReturnType<typeof makeStore>, node: ReactNode): string {
  const router = createMemoryRouter([{ path: "/", element: node }]);
  return renderToStaticMarkup(
    <Provider store={store}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  ).replace(/<!-- -->/g, "");
}

/** The opening tag of the submit button whose text is `label` (the test fails when there is none). */
function button(markup: string, label: string): string {
  const tag = [...markup.matchAll(/<button[^>]*>/g)].find((m) =>
    markup.slice(m.index, m.index + 600).includes(`>${label}<`),
  )?.[0];
  expect(tag, `a ${label} button`).toMatch(/type="submit"/);
  return tag as string;
}

function signedIn() {
  const store = makeStore();
  store.dispatch(setCurrentUser(user));
  return store;
}

describe("the profile form", () => {
  it("shows nothing saved before an update, and an enabled Save", () => {
    const markup = html(signedIn(), <ProfileForm user={user} options={options} />);
    expect(markup).not.toContain("Your profile has been saved.");
    expect(button(markup, "Save")).not.toContain("disabled");
  });

  it("says the profile has been saved once user.updateSuccess is set", () => {
    const store = signedIn();
    store.dispatch(updateStarted("profile"));
    store.dispatch(profileUpdated({ ...user, name: "Uma Renamed" }));
    expect(store.getState().user).toMatchObject({ updating: false, updateSuccess: true });
    expect(html(store, <ProfileForm user={user} options={options} />)).toContain("Your profile has been saved.");
  });

  it("waits (Save disabled) while the password is being changed", () => {
    const store = signedIn();
    store.dispatch(updateStarted("password"));
    expect(button(html(store, <ProfileForm user={user} options={options} />), "Save")).toContain("disabled");
  });
});

describe("the password form", () => {
  it("says the password has been changed once user.updatedPassword is set", () => {
    const store = signedIn();
    expect(html(store, <PasswordForm />)).not.toContain("Your password has been changed.");
    store.dispatch(updateStarted("password"));
    store.dispatch(passwordUpdated());
    const markup = html(store, <PasswordForm />);
    expect(markup).toContain("Your password has been changed.");
    expect(markup).toContain('role="status"');
  });

  it("waits while the profile is being saved, and shows no success after a refusal", () => {
    const store = signedIn();
    store.dispatch(updateStarted("profile"));
    expect(button(html(store, <PasswordForm />), "Change password")).toContain("disabled");
    store.dispatch(updateStarted("password"));
    store.dispatch(updateFailed({ statusCode: 422, message: "That is not your current password." }));
    const markup = html(store, <PasswordForm />);
    expect(button(markup, "Change password")).not.toContain("disabled");
    expect(markup).not.toContain("Your password has been changed.");
  });
});
