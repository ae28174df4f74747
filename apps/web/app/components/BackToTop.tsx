import { ActionIcon, Affix, Transition } from "@mantine/core";
import { IconArrowUp } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { BACK_TO_TOP_THRESHOLD, scrollToTop } from "../lib/scroll.ts";

export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={visible}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            variant="filled"
            aria-label={t("Back to top")}
            data-testid="back-to-top"
            onClick={() => void scrollToTop()}
          >
            <IconArrowUp size={22} stroke={2} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
