import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { ReactionAction, ReactionState, ReactionUpdatedEvent } from "@marquee/contracts/reactions";
import { IconClock, IconClockFilled, IconHeart, IconHeartFilled, IconStar, IconStarFilled } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useFormat } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { api, errorMessage } from "../../lib/api.ts";
import {
  COUNTER_OF,
  REACTION_LABELS,
  REACTIONS_OF,
  type ReactableType,
  type ReactionView,
  reactionView,
  toggled,
  withCounts,
} from "../../lib/reactions.ts";
import { useSocket } from "../../realtime/SocketProvider.tsx";
import { useAppSelector } from "../../state/store.ts";

const ICONS: Record<ReactionAction, { on: typeof IconHeart; off: typeof IconHeart }> = {
  like: { on: IconHeartFilled, off: IconHeart },
  favourite: { on: IconStarFilled, off: IconStar },
  watch_later: { on: IconClockFilled, off: IconClock },
};

/**
 * Like, favourite and watch-later buttons with their counters. A click shows its result at once and is undone if
 * the API refuses it; the counters follow the API's answer and the room's `reaction:updated` (the page joins the
 * room with useObjectRoom). A visitor's click goes to the login page (back to the movie afterwards).
 */
export function ReactionButtons({
  objectType,
  objectId,
  flags,
  counts,
}: {
  objectType: ReactableType;
  objectId: string;
  /** The viewer's own reactions, as the page's API answer carries them (false for visitors). */
  flags: { isLiked?: boolean; isFavourited?: boolean; isWatchedLater?: boolean };
  counts: { likes?: number; favourites?: number };
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const navigate = useNavigate();
  const { socket } = useSocket();
  const [view, setView] = useState<ReactionView>(() => reactionView(flags, counts));
  const pending = useRef(new Set<ReactionAction>());
  const [busy, setBusy] = useState<ReactionAction[]>([]);

  // Another item (a client-side navigation keeps this component): start again from its flags and counters.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the item's id stands for its flags and counters
  useEffect(() => {
    setView(reactionView(flags, counts));
  }, [objectId]);

  useEffect(() => {
    if (!socket) return;
    const onUpdated = (event: ReactionUpdatedEvent) => {
      if (event.objectId !== objectId || event.objectType !== objectType) return;
      setView((v) => withCounts(v, event.counts));
    };
    socket.on("reaction:updated", onUpdated);
    return () => {
      socket.off("reaction:updated", onUpdated);
    };
  }, [socket, objectId, objectType]);

  async function toggle(action: ReactionAction) {
    if (!loggedIn) {
      navigate(objectType === "video" ? `/auth/login?videoId=${encodeURIComponent(objectId)}` : "/auth/login");
      return;
    }
    if (pending.current.has(action)) return;
    const on = !view.active[action];
    pending.current.add(action);
    setBusy([...pending.current]);
    setView((v) => toggled(v, action, on));
    const key = { objectType, objectId, action };
    try {
      const state = on
        ? await api.post<ReactionState>("/reactions", key)
        : await api.del<ReactionState>("/reactions", key);
      setView((v) => {
        const now = v.active[action] === state.active ? v : { ...v, active: { ...v.active, [action]: state.active } };
        return withCounts(now, state.counts);
      });
    } catch (error) {
      setView((v) => toggled(v, action, !on));
      notifications.show({ color: "red", message: errorMessage(error, t("Error occured, please try again later.")) });
    } finally {
      pending.current.delete(action);
      setBusy([...pending.current]);
    }
  }

  return (
    <Group gap="xs" my="sm" data-testid="reactions" wrap="wrap">
      {REACTIONS_OF[objectType].map((action) => {
        const on = view.active[action];
        const Icon = on ? ICONS[action].on : ICONS[action].off;
        const counter = COUNTER_OF[action];
        const count = counter === "likes" || counter === "favourites" ? view.counts[counter] : null;
        const label = on ? REACTION_LABELS[action].on : REACTION_LABELS[action].off;
        return (
          <Button
            key={action}
            variant={on ? "light" : "default"}
            radius="xl"
            size="sm"
            leftSection={<Icon size={16} aria-hidden />}
            aria-pressed={on}
            data-testid={`reaction-${action}`}
            data-busy={busy.includes(action) || undefined}
            onClick={() => void toggle(action)}
          >
            {t(label)}
            {count !== null && (
              <span data-testid={`reaction-${action}-count`} style={{ marginInlineStart: 6, opacity: 0.8 }}>
                {f.count(count)}
              </span>
            )}
          </Button>
        );
      })}
    </Group>
  );
}
