import {
  ActionIcon,
  Alert,
  Avatar,
  Button,
  Card,
  Drawer,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import type { AdminSearchPerformersQuery, Performer } from "@marquee/contracts/performers";
import type { User } from "@marquee/contracts/users";
import {
  IconAlertCircle,
  IconEdit,
  IconExternalLink,
  IconRefresh,
  IconSearch,
  IconUserPlus,
  IconUserStar,
} from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { AdminForbidden, AdminPage, useIsAdmin } from "../components/admin/AdminPage.tsx";
import { PerformerProfileForm } from "../components/studio/PerformerProfileForm.tsx";
import { pageCount } from "../lib/admin.ts";
import { upsertById } from "../lib/admin-catalogue.ts";
import { api, errorMessage } from "../lib/api.ts";
import { pageMeta } from "../lib/meta.ts";
import { formatDate } from "../lib/studio.ts";
import { pages } from "../pages.ts";
import { DEFAULT_AVATAR } from "../state/user.ts";
import type { Route } from "./+types/admin.performers";

export const handle = pages.adminPerformers.handle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Performers", "Turn members into performers, edit their profiles and switch them on or off.");

const PAGE_SIZE = 20;
const enc = encodeURIComponent;
type PerformerPage = { data: Performer[]; total: number };
type StatusFilter = AdminSearchPerformersQuery["status"];
const statusOptions: { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
];

/** Picks an account that is not a performer yet and makes it one. */
function Promote({ onPromoted }: { onPromoted: (performer: Performer) => void }) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 250);
  const [users, setUsers] = useState<User[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get<{ data: User[] }>("/users/search", { q: q.trim() || undefined, role: "user", status: "active", limit: 20 })
      .then((res) => {
        if (live) setUsers(res.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [q]);

  const options = users.map((u) => ({ value: u._id, label: `${u.name} (@${u.username})` }));

  const promote = async () => {
    if (!selected) return;
    const user = users.find((u) => u._id === selected);
    setSaving(true);
    try {
      const performer = await api.post<Performer>("/admin/performers", { userId: selected });
      onPromoted(performer);
      setSelected(null);
      setSearch("");
      notifications.show({ color: "teal", message: `${user?.name ?? "The user"} is now a performer.` });
    } catch (e) {
      notifications.show({ color: "red", title: "Could not make a performer", message: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="promote-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="promote-title">
            Add a performer
          </Title>
          <Text c="dimmed" size="sm">
            Give an existing account a performer profile, so it can publish movies and galleries in the studio.
          </Text>
        </div>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void promote();
          }}
        >
          <Group align="flex-end" gap="sm">
            <Select
              size="md"
              label="Account"
              placeholder="Search by name, username or email"
              searchable
              clearable
              data={options}
              value={selected}
              onChange={setSelected}
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage={q ? "No member account matches" : "Type to search"}
              style={{ flex: "1 1 320px" }}
            />
            <Button
              type="submit"
              size="md"
              leftSection={<IconUserPlus size={18} />}
              disabled={!selected}
              loading={saving}
            >
              Make performer
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}

function Performers() {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search, 300);
  const [status, setStatusFilter] = useState<StatusFilter>("all");
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<PerformerPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Performer | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(() => {
    const id = ++latest.current;
    setLoading(true);
    setError(null);
    api
      // Every performer, switched off or not, so a hidden profile can be found and switched back on.
      .get<PerformerPage>("/admin/performers", {
        q: q.trim() || undefined,
        status,
        sortBy: "newest",
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      })
      .then((res) => {
        if (id === latest.current) setResult(res);
      })
      .catch((e: unknown) => {
        if (id === latest.current) setError(errorMessage(e, "Could not load the performers."));
      })
      .finally(() => {
        if (id === latest.current) setLoading(false);
      });
  }, [q, status, page]);

  useEffect(load, [load]);

  const replace = (performer: Performer) => {
    setResult((r) => (r ? { ...r, data: upsertById(r.data, performer) } : r));
    setEditing((e) => (e?._id === performer._id ? performer : e));
  };

  const setStatus = async (performer: Performer, active: boolean) => {
    setSwitching(performer._id);
    try {
      const updated = await api.put<Performer>(`/admin/performers/${enc(performer._id)}`, {
        status: active ? "active" : "inactive",
      });
      replace(updated?._id ? updated : { ...performer, status: active ? "active" : "inactive" });
      notifications.show({
        color: "teal",
        message: active ? `${performer.name} is listed again.` : `${performer.name} is hidden from the site.`,
      });
    } catch (e) {
      notifications.show({ color: "red", title: "Could not change the status", message: errorMessage(e) });
    } finally {
      setSwitching(null);
    }
  };

  const total = result?.total ?? 0;

  return (
    <AdminPage
      title="Performers"
      description="Turn members into performers, edit their profiles and switch them on or off."
    >
      <Promote
        onPromoted={(performer) => {
          // A new profile is active: it joins the list unless only switched-off ones are shown.
          if (status !== "inactive") {
            setResult((r) => (r ? { data: upsertById(r.data, performer), total: r.total + 1 } : r));
          }
          setEditing(performer);
        }}
      />
      <Card padding="lg">
        <Group align="flex-end" gap="md">
          <TextInput
            label="Search performers"
            placeholder="Name or username"
            leftSection={<IconSearch size={16} />}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: "1 1 280px" }}
          />
          <SegmentedControl
            aria-label="Status"
            data={statusOptions}
            value={status}
            onChange={(value) => {
              setStatusFilter(value as StatusFilter);
              setPage(1);
            }}
          />
        </Group>
      </Card>
      <Card padding={0} component="section" aria-label="Performers">
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
            <IconUserStar size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text c="dimmed">
              {q
                ? "No performer matches this search."
                : status === "inactive"
                  ? "No performer is switched off."
                  : status === "active"
                    ? "No performer is switched on."
                    : "No performers yet."}
            </Text>
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="lg"
              highlightOnHover
              aria-label="Performers"
              aria-busy={loading}
              style={{ opacity: loading ? 0.6 : 1, transition: "opacity 120ms ease" }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Performer</Table.Th>
                  <Table.Th ta="right">Movies</Table.Th>
                  <Table.Th ta="right">Galleries</Table.Th>
                  <Table.Th ta="right">Subscribers</Table.Th>
                  <Table.Th>Active</Table.Th>
                  <Table.Th>Since</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.data.map((performer) => (
                  <Table.Tr key={performer._id} data-testid={`performer-row-${performer.username}`}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={performer.avatar || DEFAULT_AVATAR} alt="" radius="xl" size={36} />
                        <div style={{ minWidth: 0 }}>
                          <Text fw={600} size="sm" truncate="end">
                            {performer.name}
                          </Text>
                          <Text c="dimmed" size="xs" truncate="end">
                            @{performer.username}
                            {performer.country ? ` · ${performer.country}` : ""}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{performer.stats.videos}</Table.Td>
                    <Table.Td ta="right">{performer.stats.galleries}</Table.Td>
                    <Table.Td ta="right">{performer.stats.subscribers}</Table.Td>
                    <Table.Td>
                      <Switch
                        color="teal"
                        aria-label={`Active: @${performer.username}`}
                        checked={performer.status === "active"}
                        disabled={switching === performer._id}
                        onChange={(event) => void setStatus(performer, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td c="dimmed" style={{ whiteSpace: "nowrap" }}>
                      {formatDate(performer.createdAt)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Public profile">
                          <ActionIcon
                            component={Link}
                            to={`/performers/${enc(performer.username)}`}
                            variant="subtle"
                            color="gray"
                            size="lg"
                            aria-label={`Public profile of ${performer.name}`}
                          >
                            <IconExternalLink size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Edit profile">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="lg"
                            aria-label={`Edit ${performer.name}`}
                            onClick={() => setEditing(performer)}
                          >
                            <IconEdit size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {result && total > PAGE_SIZE && (
        <Group justify="flex-end">
          <Pagination total={pageCount(total, PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      )}
      <Drawer
        closeButtonProps={{ "aria-label": "Close" }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size="xl"
        padding="xl"
        title={
          <Text fw={700} fz="lg" component="span">
            {editing ? `${editing.name} (@${editing.username})` : ""}
          </Text>
        }
      >
        {editing && (
          <PerformerProfileForm
            key={editing._id}
            performer={editing}
            title="Performer profile"
            withCard={false}
            save={(body) => api.put<Performer>(`/admin/performers/${enc(editing._id)}`, body)}
            onSaved={replace}
          />
        )}
      </Drawer>
    </AdminPage>
  );
}

export default function AdminPerformersPage() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminForbidden />;
  return <Performers />;
}
