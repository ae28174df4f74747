import { paragraphs } from "./format.ts";

/** Plain text as paragraphs (blank lines separate them; single line breaks are kept). Never read as HTML. */
export function PlainText({
  text,
  className,
  testId,
}: {
  text: string | null | undefined;
  className?: string;
  testId?: string;
}) {
  const parts = paragraphs(text);
  if (!parts.length) return null;
  return (
    <div className={className} data-testid={testId}>
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text; identical paragraphs may repeat
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
