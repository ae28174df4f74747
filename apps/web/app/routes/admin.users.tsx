import { Badge, Card, Group, Pagination, Select, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { roleLabel } from "@marquee/contracts/roles";
import { type Role, roles, type User } from "@marquee/contracts/users";
import { IconAlertTriangle, IconCircleCheck, IconSearch, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { AdminPage } from "../components/admin/AdminPage.tsx";
import { ActiveSwitch, DataTable, ListPanel, PersonCell } from "../components/admin/ManageList.tsx";
import { useConfirm } from "../components/ConfirmDialog.tsx";
import { useFormat } from "../i18n/format.ts";
import type { TFunction } from "../i18n/i18n.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { handleIntents, loadedGet, textOf as payloadText } from "../lib/actions.server.ts";
import { pageCount, USERS_PAGE_SIZE, type UserFilters, usersSearchQuery } from "../lib/admin.ts";
import { errorMessage } from "../lib/api.ts";
import { pageOf, textOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { useIntent } from "../lib/use-intent.ts";
import { useListParams } from "../lib/use-list-params.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import { DEFAULT_AVATAR } from "../state/user.ts";
import type { Route } from "./+types/admin.users";

export const handle = pages.adminUsers.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Users"), t("Find accounts, change roles and activate or deactivate users."));
};

/**
 * A role named in the page's language: the contracts' English names are the keys, but for "Admin", keyed
 * "Admin role" ("Admin" alone is the area's name).
 */
const roleName = (t: TFunction, role: string) =>
  role === "admin" ? t("Admin role", { defaultValue: roleLabel(role) }) : t(roleLabel(role));
const roleOptions = (t: TFunction) => roles.map((r) => ({ value: r, label: roleName(t, r) }));
const statusOptions = [
  { value: "active", label: msg("Active") },
  { value: "inactive", label: msg("Inactive") },
];

type Patch = Partial<Pick<User, "role" | "status" | "verifiedEmail">>;

/** The filters of the list as the URL holds them (`q`, `role`, `status`, `page`). */
function userFilters(params: URLSearchParams): UserFilters {
  const role = params.get("role");
  const status = params.get("status");
  return {
    q: textOf(params),
    role: roles.includes(role as Role) ? (role as Role) : null,
    status: status === "active" || status === "inactive" ? status : null,
    page: pageOf(params),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = userFilters(new URL(request.url).searchParams);
  const query = usersSearchQuery(filters);
  return loadedGet<{ data: User[]; total: number }>(
    request,
    context,
    "/users/search",
    query,
    msg("Could not load the users."),
  );
}

export function action({ request, context }: Route.ActionArgs) {
  return handleIntents(request, context, {
    /** Changes the role or status of one account. */
    update: (api, payload) => api.put(`/admin/users/${encodeURIComponent(payloadText(payload, "id"))}`, payload.patch),
  });
}

function UserRow({ user, isSelf }: { user: User; isSelf: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [pending, setPending] = useState<keyof Patch | null>(null);
  const { run } = useIntent();
  const [confirm, dialog] = useConfirm();

  const update = async (patch: Patch, field: keyof Patch) => {
    setPending(field);
    try {
      const updated = await run<User>("update", { id: user._id, patch });
      const what =
        field === "role"
          ? t("The role of @{{username}} is now {{role}}.", {
              username: updated.username,
              role: roleName(t, updated.role),
            })
          : updated.status === "active"
            ? t("@{{username}} is now active.", { username: updated.username })
            : t("@{{username}} is now inactive.", { username: updated.username });
      notifications.show({ color: "teal", message: what });
    } catch (error) {
      notifications.show({ color: "red", title: t("Could not update the user"), message: errorMessage(error) });
    } finally {
      setPending(null);
    }
  };

  /** Activating is immediate; deactivating signs the member out everywhere, so it is confirmed first. */
  const setActive = async (active: boolean) => {
    if (!active) {
      const ok = await confirm({
        title: t("Deactivate @{{username}}?", { username: user.username }),
        message: t("{{name}} is signed out everywhere and cannot log in until the account is activated again.", {
          name: user.name || `@${user.username}`,
        }),
        confirmLabel: t("Deactivate"),
        cancelLabel: t("Keep active"),
      });
      if (!ok) return;
    }
    await update({ status: active ? "active" : "inactive" }, "status");
  };

  return (
    <Table.Tr data-testid={`user-row-${user.username}`}>
      <Table.Td>
        <PersonCell
          avatar={user.avatar || DEFAULT_AVATAR}
          name={user.name}
          nameExtra={
            isSelf && (
              <Badge size="xs" variant="light">
                {t("You")}
              </Badge>
            )
          }
          detail={`@${user.username} · ${user.email}`}
        />
      </Table.Td>
      <Table.Td>
        <Select
          size="xs"
          w={130}
          aria-label={t("Role of @{{username}}", { username: user.username })}
          data={roleOptions(t)}
          value={user.role}
          allowDeselect={false}
          disabled={pending !== null}
          onChange={(value) => {
            if (value && value !== user.role) void update({ role: value as Role }, "role");
          }}
        />
      </Table.Td>
      <Table.Td>
        <ActiveSwitch
          username={user.username}
          active={user.status === "active"}
          disabled={pending !== null}
          onChange={(active) => void setActive(active)}
        />
        {dialog}
      </Table.Td>
      <Table.Td>
        {user.verifiedEmail ? (
          <Group gap={4} wrap="nowrap">
            <IconCircleCheck size={16} color="var(--mantine-color-teal-filled)" aria-hidden />
            <Text size="sm">{t("Verified")}</Text>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap">
            <IconAlertTriangle size={16} color="var(--mantine-color-orange-filled)" aria-hidden />
            <Text size="sm">{t("Unverified")}</Text>
          </Group>
        )}
      </Table.Td>
      <Table.Td c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {f.date(user.createdAt)}
      </Table.Td>
    </Table.Tr>
  );
}

function UsersTable({ data: { result, error } }: { data: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const selfId = useAppSelector((s) => s.user.current._id);
  // Every new search or filter starts again from the first page.
  const { params, search, setSearch, page, setPage, update, loading } = useListParams();
  const { role, status } = userFilters(params);
  const revalidator = useRevalidator();

  const total = result?.total ?? 0;
  const pages_ = pageCount(total);
  const from = total ? (page - 1) * USERS_PAGE_SIZE + 1 : 0;
  const to = Math.min(total, page * USERS_PAGE_SIZE);

  return (
    <Stack gap="lg">
      <Card padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label={t("Search users")}
            placeholder={t("Name, username or email")}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
          />
          <Select
            size="md"
            label={t("Role")}
            placeholder={t("All roles")}
            data={roleOptions(t)}
            value={role}
            onChange={(value) => update({ role: value, page: null })}
            clearable
          />
          <Select
            size="md"
            label={t("Status")}
            placeholder={t("Any status")}
            data={statusOptions.map((o) => ({ ...o, label: t(o.label) }))}
            value={status}
            onChange={(value) => update({ status: value, page: null })}
            clearable
          />
        </SimpleGrid>
      </Card>

      <ListPanel
        label={t("Users")}
        error={error}
        onRetry={() => void revalidator.revalidate()}
        ready={!!result}
        skeleton={{ rows: 4, height: 44 }}
        count={result?.data.length}
        empty={{ icon: IconUsers, message: t("No users match these filters.") }}
      >
        <DataTable
          label={t("Users")}
          minWidth={720}
          busy={loading}
          columns={[
            { label: t("User") },
            { label: t("Role") },
            { label: t("Active") },
            { label: t("Email") },
            { label: t("Joined") },
          ]}
        >
          {result?.data.map((user) => (
            <UserRow key={user._id} user={user} isSelf={user._id === selfId} />
          ))}
        </DataTable>
      </ListPanel>

      {result && total > 0 && (
        <Group justify="space-between">
          <Text c="dimmed" size="sm" data-testid="users-range">
            {t("{{from}}–{{to}} of {{total}} users", { from, to, total })}
          </Text>
          <Pagination
            total={pages_}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              "aria-label": control === "previous" ? t("Previous page") : t("Next page"),
            })}
            getItemProps={(p) => ({ "aria-label": t("Page {{page}}", { page: p }) })}
          />
        </Group>
      )}
    </Stack>
  );
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t("Users")} description={t("Find accounts, change their role and activate or deactivate them.")}>
      <UsersTable data={loaderData} />
    </AdminPage>
  );
}
