import { Fragment } from "react";
import { Link } from "react-router";
import type { PerformerLink } from "./card-data.ts";
import { performerPath } from "./links.ts";

/** "Ava Stone, Mia Lane +2": the first performers as links, then how many more. */
export function PerformerNames({ performers, max = 2 }: { performers: PerformerLink[]; max?: number }) {
  if (!performers.length) return null;
  const shown = performers.slice(0, max);
  const more = performers.length - shown.length;
  return (
    <>
      {shown.map((p, i) => (
        <Fragment key={p._id}>
          {i > 0 && ", "}
          <Link to={performerPath(p)} prefetch="intent">
            {p.name}
          </Link>
        </Fragment>
      ))}
      {more > 0 && ` +${more}`}
    </>
  );
}
