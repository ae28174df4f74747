import "../studio/studio.css";
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Drawer,
  Group,
  Image,
  Modal,
  Pagination,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconAlertCircle, IconEdit, IconRefresh, IconSearch, IconTrash, type TablerIcon } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { pageCount } from "../../lib/admin.ts";

/** The error with a retry button, the loading skeleton, the empty state or the list of a management screen. */
export function ListPanel({
  label,
  error,
  onRetry,
  ready,
  count,
  empty,
  skeleton = { rows: 3, height: 40 },
  children,
}: {
  /** The accessible name of the card around the list. */
  label: string;
  error: string | null;
  onRetry: () => void;
  /** False until the first page arrived. */
  ready: boolean;
  /** How many rows the list shows; undefined while it is not known. The empty state shows only when it is 0. */
  count?: number;
  /** The empty state shown instead of the list when `count` is 0. */
  empty?: EmptyStateProps;
  skeleton?: { rows: number; height: number };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (error) {
    body = (
      <Alert m="lg" color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        <Stack gap="sm" align="flex-start">
          {/* A loader's own fallback (marked with msg) in the page's language; the API's messages as they come. */}
          <Text size="sm">{t(error)}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={() => onRetry()}
          >
            {t("Try again")}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!ready) {
    body = (
      <Stack p="lg" gap="xs" aria-busy="true">
        {Array.from({ length: skeleton.rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={i} h={skeleton.height} />
        ))}
      </Stack>
    );
  } else if (empty && count === 0) {
    body = <EmptyState {...empty} />;
  } else {
    body = children;
  }
  return (
    <Card padding={0} component="section" aria-label={label}>
      {body}
    </Card>
  );
}

export type EmptyStateProps = {
  icon: TablerIcon;
  message: ReactNode;
  action?: ReactNode;
  /** The studio's roomier variant. */
  large?: boolean;
};

/** The empty state of a list: an icon, a sentence and maybe a button. */
export function EmptyState({ icon: Icon, message, action, large = false }: EmptyStateProps) {
  return (
    <Stack align="center" gap={large ? "sm" : 6} p="xl" ta="center">
      <Icon size={large ? 36 : 32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
      <Text c="dimmed">{message}</Text>
      {action}
    </Stack>
  );
}

export type Column = { label: string; hidden?: boolean; right?: boolean };

/**
 * A table with a header row; `busy` dims it while the next page loads. Wide screens scroll it sideways below
 * `minWidth`; on a phone each row becomes a card (studio.css) so its status, access, role and actions stay in view.
 */
export function DataTable({
  label,
  columns,
  minWidth,
  busy,
  spacing = "lg",
  children,
}: {
  label: string;
  columns: Column[];
  minWidth: number;
  busy?: boolean;
  spacing?: "md" | "lg";
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} className="marquee-data-table">
      <Table
        verticalSpacing="sm"
        horizontalSpacing={spacing}
        highlightOnHover
        aria-label={label}
        aria-busy={busy}
        style={busy === undefined ? undefined : { opacity: busy ? 0.6 : 1, transition: "opacity 120ms ease" }}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map(({ label: text, hidden, right }) => (
              <Table.Th key={text} ta={right ? "right" : undefined}>
                {hidden ? <VisuallyHidden>{text}</VisuallyHidden> : text}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An icon button with a tooltip in the actions cell of a row. */
export function RowAction({
  tooltip,
  label,
  icon: Icon,
  color = "gray",
  onClick,
}: {
  tooltip: string;
  label: string;
  icon: TablerIcon;
  color?: string;
  onClick: () => void;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon variant="subtle" color={color} size="lg" aria-label={label} onClick={onClick}>
        <Icon size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The actions cell of a row. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
    </Group>
  );
}

/** The usual actions of a row: edit it and delete it. */
export function EditDeleteActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <RowActions>
      <RowAction tooltip={t("Edit")} label={t("Edit {{name}}", { name })} icon={IconEdit} onClick={onEdit} />
      <RowAction
        tooltip={t("Delete")}
        label={t("Delete {{name}}", { name })}
        icon={IconTrash}
        color="red"
        onClick={onDelete}
      />
    </RowActions>
  );
}

/** Page numbers under a list, shown only when there is more than one page. */
export function Pager({
  total,
  pageSize,
  page,
  onChange,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <Group justify="flex-end">
      <Pagination total={pageCount(total, pageSize)} value={page} onChange={onChange} />
    </Group>
  );
}

/** The filter card above a list: a search field, then the screen's other filters. */
export function SearchFilters({
  label,
  placeholder,
  value,
  onChange,
  basis = 260,
  children,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The search field's preferred width in pixels. */
  basis?: number;
  children?: ReactNode;
}) {
  return (
    <Card padding="lg">
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label={label}
          placeholder={placeholder}
          leftSection={<IconSearch size={16} />}
          type="search"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          style={{ flex: `1 1 ${basis}px` }}
        />
        {children}
      </Group>
    </Card>
  );
}

/** The side panel that creates or edits one item. */
export function EditDrawer({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      padding="xl"
      title={
        <Text fw={700} fz="lg" component="span">
          {title}
        </Text>
      }
    >
      {children}
    </Drawer>
  );
}

/** The dialog that creates or edits one small item. */
export function EditModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" radius="lg">
      {children}
    </Modal>
  );
}

/** A picture of an item in a list or form, or an empty box with an icon while it has none. */
export function MediaThumb({
  image,
  width,
  height,
  icon: Icon,
  iconSize = 20,
}: {
  image: { url: string; srcSet?: string | null } | null | undefined;
  width: number;
  height: number;
  icon: TablerIcon;
  iconSize?: number;
}) {
  if (image) {
    return (
      <Image
        src={image.url}
        srcSet={image.srcSet ?? undefined}
        sizes={`${width}px`}
        alt=""
        w={width}
        h={height}
        radius="sm"
        fit="cover"
        loading="lazy"
      />
    );
  }
  return (
    <Box className="marquee-thumb-empty" w={width} h={height} aria-hidden>
      <Icon size={iconSize} stroke={1.5} />
    </Box>
  );
}

/** Whether an item is switched on, as a dot badge. */
export function ActiveBadge({ status }: { status: "active" | "inactive" | (string & {}) }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={status === "active" ? "teal" : "gray"}>
      {status === "active" ? t("Active") : t("Inactive")}
    </Badge>
  );
}

/** The first cell of a row about a person: avatar, name (with `nameExtra`, e.g. a badge) and a dimmed detail line. */
export function PersonCell({
  avatar,
  name,
  nameExtra,
  detail,
}: {
  avatar: string;
  name: string;
  nameExtra?: ReactNode;
  detail: ReactNode;
}) {
  const nameText = (
    <Text fw={600} size="sm" truncate="end">
      {name}
    </Text>
  );
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={avatar} alt="" radius="xl" size={36} />
      <div style={{ minWidth: 0 }}>
        {nameExtra === undefined ? (
          nameText
        ) : (
          <Group gap={6} wrap="nowrap">
            {nameText}
            {nameExtra}
          </Group>
        )}
        <Text c="dimmed" size="xs" truncate="end">
          {detail}
        </Text>
      </div>
    </Group>
  );
}

/** The switch that turns an account or profile on and off, named after its @username. */
export function ActiveSwitch({
  username,
  active,
  disabled,
  onChange,
}: {
  username: string;
  active: boolean;
  disabled: boolean;
  onChange: (active: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Switch
      color="teal"
      aria-label={t("Active: @{{username}}", { username })}
      checked={active}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
