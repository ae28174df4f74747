import { Alert, Container } from "@mantine/core";
import { IconServerOff } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { useAppDispatch, useAppSelector } from "../state/store.ts";
import { setSystemError } from "../state/system.ts";

export const SYSTEM_ERROR_TITLE = msg("The server could not finish a request");

/**
 * SPEC section 3's system.error as the member sees it: a request the server failed (5xx) is said once, above the
 * page, with what the server answered; it goes when closed or when another page is opened.
 */
export function SystemErrorNotice() {
  const { t } = useTranslation();
  const error = useAppSelector((s) => s.system.error);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    dispatch(setSystemError(null));
  }, [pathname, dispatch]);
  if (!error) return null;
  return (
    <Container size="xl" mb="md">
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconServerOff size={18} />}
        title={t(SYSTEM_ERROR_TITLE)}
        withCloseButton
        closeButtonLabel={t("Dismiss notice", { defaultValue: "Dismiss" })}
        onClose={() => dispatch(setSystemError(null))}
        data-testid="system-error"
      >
        {t("Please try again in a moment. The server said: {{message}}", { message: error.message })}
      </Alert>
    </Container>
  );
}
