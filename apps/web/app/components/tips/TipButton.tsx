import { Button, type ButtonProps } from "@mantine/core";
import { IconCoin } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { TipSource } from "../../lib/tips.ts";
import { useAppSelector } from "../../state/store.ts";

// The dialog and its billing fields load when the button is first pressed: most visits never open it.
const TipDialog = lazy(() => import("./TipDialog.tsx"));

/**
 * A Tip button for a performer (issue 24 section 2): a dialog with preset amounts within the site's range, a custom
 * amount, and an optional message; it posts to the tip route (routes/payment.tip.ts), which sends the member to the
 * payment page. Visitors are asked to log in; a performer has no button for themselves.
 */
export function TipButton({
  performerId,
  performerName,
  source,
  size = "md",
  variant = "light",
  named = false,
}: {
  performerId: string;
  performerName: string;
  source: TipSource;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
  /** "Tip Alex" rather than "Tip": where the page names more than one performer. */
  named?: boolean;
}) {
  const { t } = useTranslation();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const me = useAppSelector((s) => s.user.current._id);
  const [opened, setOpened] = useState(false);
  // Once opened, the dialog stays mounted so it closes with its transition and opens again at once.
  const [wanted, setWanted] = useState(false);
  if (loggedIn && me === performerId) return null;
  const common = {
    size,
    radius: "xl",
    variant,
    color: "teal",
    leftSection: <IconCoin size={16} />,
    "data-testid": "tip-button",
  } as const;
  const label = named ? t("Tip {{name}}", { name: performerName }) : t("Tip");
  // Visitors log in first.
  const button = loggedIn ? (
    <Button
      {...common}
      onClick={() => {
        setWanted(true);
        setOpened(true);
      }}
    >
      {label}
    </Button>
  ) : (
    <Button {...common} component={Link} to="/auth/login" title={t("Log in to tip {{name}}", { name: performerName })}>
      {label}
    </Button>
  );
  return (
    <>
      {button}
      {loggedIn && wanted && (
        <Suspense fallback={null}>
          <TipDialog
            performerId={performerId}
            performerName={performerName}
            source={source}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      )}
    </>
  );
}
