import { Badge } from "@mantine/core";
import type { AppearingPerson } from "@marquee/contracts/verification";

/** Where someone who appears in an item stands: a verified performer of the site, a release on record, or neither. */
export function PersonStanding({ person }: { person: Pick<AppearingPerson, "verified" | "release"> }) {
  if (person.verified)
    return (
      <Badge color="teal" variant="light">
        Verified performer
      </Badge>
    );
  if (person.release)
    return (
      <Badge color="blue" variant="light">
        Release on record
      </Badge>
    );
  return (
    <Badge color="orange" variant="light">
      Needs a release
    </Badge>
  );
}
