/**
 * Text PostgreSQL cannot store: a NUL character, or half of a UTF-16 surrogate pair without its other half (JSON
 * `"\ud800"` and query strings can carry both; `text` and `jsonb` refuse them with a server error). Such input is
 * bad input, refused before any schema or query sees it.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = "must not contain NUL characters or unpaired surrogates";

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

export interface UnstorableField {
  path: string;
  message: string;
}

/**
 * The paths (`body.menus.0.title`, `querystring.q`, `params.id`) of every string, or object key, in a parsed body, query
 * or params object that PostgreSQL could not store. Walks without recursion, so a deeply nested body cannot
 * overflow the stack.
 */
export function findUnstorableText(value: unknown, root: string): UnstorableField[] {
  const found: UnstorableField[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length) {
    const { value: v, path } = stack.pop() as { value: unknown; path: string };
    if (typeof v === "string") {
      if (!isStorableText(v)) found.push({ path, message: UNSTORABLE_TEXT_MESSAGE });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: `${path}.${i}` });
    } else if (v !== null && typeof v === "object" && !ArrayBuffer.isView(v)) {
      for (const [key, child] of Object.entries(v).reverse()) {
        // The key itself would be stored by jsonb columns; it is not repeated in the path it spoils.
        if (!isStorableText(key)) found.push({ path, message: `has a key that ${UNSTORABLE_TEXT_MESSAGE}` });
        else stack.push({ value: child, path: `${path}.${key}` });
      }
    }
  }
  return found;
}
