import { Anchor, Card, Container, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { Receipt } from "@marquee/contracts/taxes";
import { Link } from "react-router";
import { useFormat } from "../i18n/format.ts";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { required } from "../lib/catalogue.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { metaT } from "../lib/seo.ts";
import { sessionApi } from "../lib/session.server.ts";
import { pages } from "../pages.ts";
import type { Route } from "./+types/account.orders.$id.receipt";

export const handle = pages.accountReceipt.handle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return pageMeta(matches, t("Receipt"), t("Your receipt: what you paid, its tax, and who sold it."));
};

/** The member's own receipt (404 for anyone else's order). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return required(
    sessionApi(request, context).get<Receipt>(`/orders/${encodeURIComponent(params.id)}/receipt`),
    msg("This order does not exist or is not yours."),
  );
}

const EVIDENCE: Record<NonNullable<Receipt["taxDetails"]>["evidence"], string> = {
  match: msg("matches your billing country"),
  mismatch: msg("differs from your billing country"),
  "no-geoip": msg("could not be told from your connection"),
};

export default function ReceiptPage({ loaderData: r }: Route.ComponentProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const tax = r.taxDetails;
  const taxLabel = tax?.name ? `${tax.name} ${tax.rate}%` : t("Tax");
  return (
    <Container size="sm">
      <Card component="article" aria-labelledby="receipt-title" data-testid="receipt">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={1} fz="h2" id="receipt-title">
                {t("Receipt")}
              </Title>
              <Text size="sm" c="dimmed" style={{ wordBreak: "break-all" }}>
                {t("Order {{id}}", { id: r.orderId })}
              </Text>
            </div>
            <Stack gap={0} ta="right">
              <Text fw={600}>{t("Sold by {{name}}", { name: r.seller.name })}</Text>
              <Text size="sm" c="dimmed">
                {r.seller.url}
              </Text>
            </Stack>
          </Group>
          <Stack gap={2}>
            <Text size="sm">{t("Bought by {{name}}", { name: r.buyer.username })}</Text>
            <Text size="sm">{t("Date: {{date}}", { date: f.date(r.paidAt ?? r.createdAt) })}</Text>
            {r.status === "refunded" && (
              <Text size="sm" c="grape" fw={600}>
                {t("Refunded: the amount and its tax were given back.")}
              </Text>
            )}
          </Stack>
          <Table verticalSpacing="xs" aria-label={t("Receipt lines")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("Item")}</Table.Th>
                <Table.Th ta="right">{t("Net")}</Table.Th>
                <Table.Th ta="right">{taxLabel}</Table.Th>
                <Table.Th ta="right">{t("Total")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.lines.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a receipt's lines are fixed and keep their order
                <Table.Tr key={i} data-testid="receipt-line">
                  <Table.Td>
                    {l.title}
                    {l.quantity > 1 ? ` × ${l.quantity}` : ""}
                  </Table.Td>
                  <Table.Td ta="right">{f.price(l.net)}</Table.Td>
                  <Table.Td ta="right">{f.price(l.tax)}</Table.Td>
                  <Table.Td ta="right">{f.price(l.gross)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr fw={700}>
                <Table.Td>{t("Total")}</Table.Td>
                <Table.Td ta="right" data-testid="receipt-net">
                  {f.price(r.net)}
                </Table.Td>
                <Table.Td ta="right" data-testid="receipt-tax">
                  {f.price(r.tax)}
                </Table.Td>
                <Table.Td ta="right" data-testid="receipt-gross">
                  {f.price(r.gross)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {tax && (
            <Stack gap={2} data-testid="receipt-evidence">
              <Text size="sm">
                {t("Billing country: {{country}}", {
                  country: tax.billingRegion ? `${tax.billingCountry} (${tax.billingRegion})` : tax.billingCountry,
                })}
              </Text>
              <Text size="sm" c="dimmed">
                {t("Country of your connection: {{country}}, which {{how}}.", {
                  country: tax.ipCountry ?? t("unknown"),
                  how: t(EVIDENCE[tax.evidence]),
                })}
              </Text>
              <Text size="sm" c="dimmed">
                {tax.pricesIncludeTax ? t("Prices include tax.") : t("Tax is added to the listed prices.")}
              </Text>
            </Stack>
          )}
          <Anchor component={Link} to="/account/orders">
            {t("Back to my orders")}
          </Anchor>
        </Stack>
      </Card>
    </Container>
  );
}
