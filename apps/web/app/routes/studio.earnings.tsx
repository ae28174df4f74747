import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import type { EarningStats } from "@marquee/contracts/payments";
import { IconCoin } from "@tabler/icons-react";
import { Link, useRevalidator, useSearchParams } from "react-router";
import { DataTable, EmptyState, ListPanel, Pager } from "../components/admin/ManageList.tsx";
import { formatPrice } from "../components/catalogue/format.ts";
import { StudioForbidden, StudioPage, useStudioRole } from "../components/studio/StudioPage.tsx";
import { loaded } from "../lib/actions.server.ts";
import { formatDate } from "../lib/format.ts";
import { pageOf } from "../lib/list-params.ts";
import { pageMeta } from "../lib/meta.ts";
import { itemPath } from "../lib/payments.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import { useAppSelector } from "../state/store.ts";
import type { Route } from "./+types/studio.earnings";

export const handle = pages.studioEarnings.handle;

const DESCRIPTION = "What your sales earned: the totals, and every sale and refund.";
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Earnings", DESCRIPTION);

const PAGE_SIZE = 20;

interface EarningLine {
  _id: string;
  type: "sale" | "refund";
  title: string;
  itemKind: string;
  itemId: string;
  gross: number;
  commissionRate: number;
  commission: number;
  net: number;
  paid: boolean;
  createdAt: string;
}

/** The performer's totals and a page of their lines (`page` in the URL). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = sessionApi(request, context);
  const page = pageOf(new URL(request.url).searchParams);
  const [stats, lines] = await Promise.all([
    loaded(api.get<EarningStats>("/earning/performer/stats"), "Could not load your earnings."),
    loaded(
      api.get<{ data: EarningLine[]; total: number }>("/earning/performer/search", {
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      }),
      "Could not load your earning lines.",
    ),
  ]);
  return { stats, lines, page };
}

function Total({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

export default function StudioEarningsPage({ loaderData }: Route.ComponentProps) {
  const role = useStudioRole();
  const symbol = useAppSelector((s) => s.ui.currencySymbol);
  const revalidator = useRevalidator();
  const [, setParams] = useSearchParams();
  if (!role) return <StudioForbidden />;
  const { stats, lines, page } = loaderData;
  const money = (n: number) => (n < 0 ? `−${formatPrice(-n, symbol)}` : formatPrice(n, symbol));
  const s = stats.result;
  return (
    <StudioPage title="Earnings" description={DESCRIPTION}>
      <Stack gap="lg">
        {s && (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" aria-label="Totals">
            <Total label="Sales" value={money(s.gross)} testId="earnings-gross" />
            <Total label="Site commission" value={money(s.commission)} testId="earnings-commission" />
            <Total label="Your earnings" value={money(s.net)} testId="earnings-net" />
            <Total label="Paid out" value={money(s.paid)} testId="earnings-paid" />
            <Total label="Still owed" value={money(s.unpaid)} testId="earnings-unpaid" />
          </SimpleGrid>
        )}
        <ListPanel
          label="Earning lines"
          error={stats.error ?? lines.error}
          onRetry={() => void revalidator.revalidate()}
          ready
          empty={
            lines.result && lines.result.data.length === 0 ? (
              <EmptyState
                icon={IconCoin}
                message="No sales yet. When members buy your movies and galleries, they show here."
              />
            ) : null
          }
        >
          <DataTable
            label="Earning lines"
            minWidth={720}
            columns={[
              { label: "Date" },
              { label: "Item" },
              { label: "Sale", right: true },
              { label: "Commission", right: true },
              { label: "Earned", right: true },
              { label: "Status" },
            ]}
          >
            {(lines.result?.data ?? []).map((line) => {
              const to = itemPath(line);
              return (
                <Table.Tr key={line._id} data-testid="earning-line">
                  <Table.Td>{formatDate(line.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {to ? (
                        <Anchor component={Link} to={to}>
                          {line.title}
                        </Anchor>
                      ) : (
                        line.title
                      )}
                      {line.type === "refund" && (
                        <Badge color="red" variant="light">
                          Refund
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{money(line.gross)}</Table.Td>
                  <Table.Td ta="right">
                    {money(line.commission)} ({Math.round(line.commissionRate * 1000) / 10}%)
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money(line.net)}
                  </Table.Td>
                  <Table.Td>{line.paid ? "Paid out" : "Owed"}</Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        </ListPanel>
        <Pager
          total={lines.result?.total ?? 0}
          pageSize={PAGE_SIZE}
          page={page}
          onChange={(p) => setParams(p > 1 ? { page: String(p) } : {}, { preventScrollReset: true })}
        />
      </Stack>
    </StudioPage>
  );
}
