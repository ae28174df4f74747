import { TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import styles from "./browse.module.css";

/**
 * A list's search box: what is typed goes to `onSearch` after a short pause, or at once on Enter, trimmed and only
 * when it differs from `value` (the search in the URL, which the box follows when it changes some other way).
 */
export function SearchField({
  value,
  onSearch,
  label,
}: {
  value: string;
  onSearch: (q: string) => void;
  /** "Search movies" */
  label: string;
}) {
  const [q, setQ] = useState(value);
  // The URL changed: show its search, unless the box already says it (typing on after a pause keeps its spaces).
  useEffect(() => setQ((current) => (current.trim() === value ? current : value)), [value]);
  const push = (text: string) => {
    if (text.trim() !== value) onSearch(text.trim());
  };
  const pushLater = useDebouncedCallback(push, 400);
  return (
    <TextInput
      className={styles.search}
      size="sm"
      aria-label={label}
      placeholder={`${label}…`}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={q}
      onChange={(e) => {
        setQ(e.currentTarget.value);
        pushLater(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          pushLater.cancel();
          push(q);
        }
      }}
    />
  );
}
