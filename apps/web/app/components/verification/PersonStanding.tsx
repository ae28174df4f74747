import { Badge } from "@mantine/core";
import type { AppearingPerson } from "@marquee/contracts/verification";
import { useTranslation } from "../../i18n/use-translation.ts";

/** Where someone who appears in an item stands: a verified performer of the site, a release on record, or neither. */
export function PersonStanding({ person }: { person: Pick<AppearingPerson, "verified" | "release"> }) {
  const { t } = useTranslation();
  if (person.verified)
    return (
      <Badge color="teal" variant="light">
        {t("Verified performer")}
      </Badge>
    );
  if (person.release)
    return (
      <Badge color="blue" variant="light">
        {t("Release on record")}
      </Badge>
    );
  return (
    <Badge color="orange" variant="light">
      {t("Needs a release")}
    </Badge>
  );
}
