import { Fragment, type ReactNode } from "react";

const MARK = "\u0000";

/**
 * A translated sentence with an element in it (a title in bold), wherever the language puts it: `sentence` is the
 * translate function's result for a text with one placeholder given `emphasisMark`, and `value` takes its place.
 */
export function Emphasized({ sentence, value }: { sentence: string; value: ReactNode }) {
  const parts = sentence.split(MARK);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, in order
        <Fragment key={i}>
          {i > 0 && value}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** What to give `t` for the placeholder that `Emphasized` shows in bold. */
export const emphasisMark = MARK;
