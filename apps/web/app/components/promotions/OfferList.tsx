import { Anchor, Badge, Button, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Offer } from "@marquee/contracts/offers";
import { IconDiscount } from "@tabler/icons-react";
import { useRevalidator } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorMessage } from "../../lib/api.ts";
import { offerLimits, offerLine } from "../../lib/promotions.ts";
import { DataTable, ListPanel } from "../admin/ManageList.tsx";

/**
 * The offers made (studio promotions, admin packages): each one's terms, claims, link and status, and a button that
 * stops it or offers it again through the page's `setOfferActive` intent.
 */
export function OfferList({
  label,
  offers,
  run,
  busy,
  rowTestId,
  linkTestId,
  packageName,
  termsUnderTitle = false,
}: {
  /** The list's name (its panel's and its table's). */
  label: string;
  /** What the page's loader read. */
  offers: { result: { data: Offer[] } | null; error: string | null };
  /** The page's intents (useIntent): `busy` while any of them runs. */
  run: (intent: string, payload?: Record<string, unknown>) => Promise<unknown>;
  busy: boolean;
  rowTestId: string;
  linkTestId?: string;
  /** A package's offers: the package's name in a first column. */
  packageName?: (offer: Offer) => string;
  /** A titled offer shows its terms under its title too. */
  termsUnderTitle?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const revalidator = useRevalidator();
  const rows = offers.result?.data ?? [];
  const toggle = async (o: Offer) => {
    try {
      await run("setOfferActive", { id: o._id, active: !o.active });
    } catch (e) {
      notifications.show({ color: "red", message: errorMessage(e, t("Could not change the offer.")) });
    }
  };
  return (
    <ListPanel
      label={label}
      error={offers.error && t(offers.error)}
      onRetry={() => void revalidator.revalidate()}
      ready
      count={rows.length}
      empty={{ icon: IconDiscount, message: t("No offers yet.") }}
    >
      <DataTable
        label={label}
        minWidth={720}
        columns={[
          ...(packageName ? [{ label: t("Package") }] : []),
          { label: t("Offer") },
          { label: t("Claims") },
          { label: t("Link") },
          { label: t("Status") },
          { label: t("Actions"), hidden: true },
        ]}
      >
        {rows.map((o) => (
          <Table.Tr key={o._id} data-testid={rowTestId}>
            {packageName && <Table.Td>{packageName(o)}</Table.Td>}
            <Table.Td>
              {termsUnderTitle ? (
                <>
                  <Text fw={600} size="sm">
                    {o.title || offerLine(o, t, f.price)}
                  </Text>
                  {o.title && (
                    <Text size="xs" c="dimmed">
                      {offerLine(o, t, f.price)}
                    </Text>
                  )}
                </>
              ) : (
                o.title || offerLine(o, t, f.price)
              )}
            </Table.Td>
            <Table.Td>{offerLimits(o, t, f.date)}</Table.Td>
            <Table.Td>
              <Anchor href={o.link} data-testid={linkTestId}>
                {o.link}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={o.active ? "teal" : "gray"}>
                {o.active ? t("Offered") : t("Stopped")}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" disabled={busy} onClick={() => void toggle(o)}>
                {o.active ? t("Stop") : t("Offer again")}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </ListPanel>
  );
}
