import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { Provider } from "react-redux";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { makeStore } from "../../state/store.ts";
import type { CurrentUser } from "../../state/user.ts";
import { AvatarCard } from "./AvatarCard.tsx";

const base: CurrentUser = {
  _id: "11111111-1111-4111-8111-111111111111",
  avatar: "/no-avatar.png",
  cover: null,
  name: "Uma User",
  email: "uma@example.test",
  username: "uma",
  verifiedEmail: true,
};

/** The text of the account page's role badge, or null without one. */
function badge(user: CurrentUser, memberUntil: string | null = null): string | null {
  const router = createMemoryRouter([{ path: "/", element: <AvatarCard user={user} memberUntil={memberUntil} /> }]);
  const html = renderToStaticMarkup(
    <Provider store={makeStore()}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
  const found = /data-testid="role-badge">(.*?)<\/div>/.exec(html)?.[1];
  return found === undefined ? null : found.replace(/<[^>]+>/g, "");
}

describe("the account page's role badge", () => {
  it("names the role as the admin's user list does", () => {
    expect(badge({ ...base, role: "user" })).toBe("User");
    expect(badge({ ...base, role: "performer" })).toBe("Performer");
    expect(badge({ ...base, role: "admin" })).toBe("Admin");
  });

  it("gives way to the membership's end for a member", () => {
    expect(badge({ ...base, role: "user" }, "2026-12-26T10:00:00.000Z")).toBeNull();
  });
});
