import { Button } from "@mantine/core";
import type { ReportItemKind } from "@marquee/contracts/reports";
import { IconFlag } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";

// The dialog, its form and the captcha load when the button is first pressed: most visits never open it.
const ReportDialog = lazy(() => import("./ReportDialog.tsx"));

/**
 * "Report" on an item's page (movie, gallery, product, post, performer profile), open to visitors too; the dialog
 * is ReportDialog.tsx.
 */
export function ReportButton({ kind, id }: { kind: ReportItemKind; id: string }) {
  const [opened, setOpened] = useState(false);
  // Once opened, the dialog stays mounted so it closes with its transition and opens again at once.
  const [wanted, setWanted] = useState(false);
  const { t } = useTranslation();
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconFlag size={16} />}
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
        data-testid="report-button"
      >
        {t("Report")}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ReportDialog kind={kind} id={id} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
