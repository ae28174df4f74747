import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { type Role, roles, type User } from "@marquee/contracts/users";
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCircleCheck,
  IconRefresh,
  IconSearch,
  IconUsers,
} from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { AdminPage } from "../components/admin/AdminPage.tsx";
import { pageCount, USERS_PAGE_SIZE, type UserFilters, usersSearchQuery } from "../lib/admin.ts";
import { api, errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import { DEFAULT_AVATAR } from "../state/user.ts";
import type { Route } from "./+types/admin.users";

export const handle = pages.adminUsers.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Users", "Find accounts, change roles and activate or deactivate users.");

const roleLabel: Record<Role, string> = { user: "Member", performer: "Performer", admin: "Admin" };
const roleOptions = roles.map((r) => ({ value: r, label: roleLabel[r] }));
const statusOptions = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
];

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

type Patch = Partial<Pick<User, "role" | "status" | "verifiedEmail">>;

function UserRow({ user, isSelf, onChange }: { user: User; isSelf: boolean; onChange: (updated: User) => void }) {
  const [pending, setPending] = useState<keyof Patch | null>(null);

  const update = async (patch: Patch, field: keyof Patch) => {
    setPending(field);
    try {
      const updated = await api.put<User>(`/admin/users/${encodeURIComponent(user._id)}`, patch);
      onChange(updated);
      const what =
        field === "role"
          ? `@${updated.username} is now ${roleLabel[updated.role].toLowerCase()}.`
          : `@${updated.username} is now ${updated.status}.`;
      notifications.show({ color: "teal", message: what });
    } catch (error) {
      notifications.show({ color: "red", title: "Could not update the user", message: errorMessage(error) });
    } finally {
      setPending(null);
    }
  };

  return (
    <Table.Tr data-testid={`user-row-${user.username}`}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={user.avatar || DEFAULT_AVATAR} alt="" radius="xl" size={36} />
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} size="sm" truncate="end">
                {user.name}
              </Text>
              {isSelf && (
                <Badge size="xs" variant="light">
                  You
                </Badge>
              )}
            </Group>
            <Text c="dimmed" size="xs" truncate="end">
              @{user.username} · {user.email}
            </Text>
          </div>
        </Group>
      </Table.Td>
      <Table.Td>
        <Select
          size="xs"
          w={130}
          aria-label={`Role of @${user.username}`}
          data={roleOptions}
          value={user.role}
          allowDeselect={false}
          disabled={pending !== null}
          onChange={(value) => {
            if (value && value !== user.role) void update({ role: value as Role }, "role");
          }}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Active: @${user.username}`}
          checked={user.status === "active"}
          disabled={pending !== null}
          onChange={(event) => void update({ status: event.currentTarget.checked ? "active" : "inactive" }, "status")}
          color="teal"
        />
      </Table.Td>
      <Table.Td>
        {user.verifiedEmail ? (
          <Group gap={4} wrap="nowrap">
            <IconCircleCheck size={16} color="var(--mantine-color-teal-filled)" aria-hidden />
            <Text size="sm">Verified</Text>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap">
            <IconAlertTriangle size={16} color="var(--mantine-color-orange-filled)" aria-hidden />
            <Text size="sm">Unverified</Text>
          </Group>
        )}
      </Table.Td>
      <Table.Td c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {formatDate(user.createdAt)}
      </Table.Td>
    </Table.Tr>
  );
}

function UsersTable() {
  const selfId = useAppSelector((s) => s.user.current._id);
  // Every new search or filter starts again from the first page.
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 300);
  const [role, setRole] = useState<Role | null>(null);
  const [status, setStatus] = useState<UserFilters["status"]>(null);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ data: User[]; total: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(() => {
    const id = ++latest.current;
    setLoading(true);
    setError(null);
    api
      .get<{ data: User[]; total: number }>("/users/search", usersSearchQuery({ q, role, status, page }))
      .then((res) => {
        if (id === latest.current) setResult(res);
      })
      .catch((e: unknown) => {
        if (id === latest.current) setError(errorMessage(e, "Could not load the users."));
      })
      .finally(() => {
        if (id === latest.current) setLoading(false);
      });
  }, [q, role, status, page]);

  useEffect(load, [load]);

  const total = result?.total ?? 0;
  const pages_ = pageCount(total);
  const from = total ? (page - 1) * USERS_PAGE_SIZE + 1 : 0;
  const to = Math.min(total, page * USERS_PAGE_SIZE);

  const replace = (updated: User) =>
    setResult((r) => (r ? { ...r, data: r.data.map((u) => (u._id === updated._id ? updated : u)) } : r));

  return (
    <Stack gap="lg">
      <Card padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label="Search users"
            placeholder="Name, username or email"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            type="search"
          />
          <Select
            size="md"
            label="Role"
            placeholder="All roles"
            data={roleOptions}
            value={role}
            onChange={(value) => {
              setRole(value as Role | null);
              setPage(1);
            }}
            clearable
          />
          <Select
            size="md"
            label="Status"
            placeholder="Any status"
            data={statusOptions}
            value={status}
            onChange={(value) => {
              setStatus(value as UserFilters["status"]);
              setPage(1);
            }}
            clearable
          />
        </SimpleGrid>
      </Card>

      <Card padding={0} component="section" aria-label="Users">
        {error ? (
          <Alert m="lg" color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{error}</Text>
              <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={load}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : !result ? (
          <Stack p="lg" gap="xs" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={44} />
            ))}
          </Stack>
        ) : result.data.length === 0 ? (
          <Stack align="center" gap={6} p="xl" ta="center">
            <IconUsers size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text c="dimmed">No users match these filters.</Text>
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="lg"
              highlightOnHover
              aria-label="Users"
              aria-busy={loading}
              style={{ opacity: loading ? 0.6 : 1, transition: "opacity 120ms ease" }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Active</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Joined</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.data.map((user) => (
                  <UserRow key={user._id} user={user} isSelf={user._id === selfId} onChange={replace} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      {result && total > 0 && (
        <Group justify="space-between">
          <Text c="dimmed" size="sm" data-testid="users-range">
            {from}–{to} of {total} users
          </Text>
          <Pagination
            total={pages_}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              "aria-label": control === "previous" ? "Previous page" : "Next page",
            })}
            getItemProps={(p) => ({ "aria-label": `Page ${p}` })}
          />
        </Group>
      )}
    </Stack>
  );
}

export default function AdminUsersPage() {
  return (
    <AdminPage title="Users" description="Find accounts, change their role and activate or deactivate them.">
      <UsersTable />
    </AdminPage>
  );
}
