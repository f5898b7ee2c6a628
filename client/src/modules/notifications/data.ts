// The notifications' conversation with the server (docs/architecture.md#client-rooms: data.ts).
// The bell's data: the unread count (always), the latest notifications (while the list is open), new
// ones live through the notificationAdded subscription, and marking them read.
import { useMutation, useQuery, useSubscription } from "@apollo/client/react";
import { NOTIFICATIONS_IN_BELL } from "@sufra/schema";
import {
  LatestNotificationsDocument,
  MarkAllNotificationsReadDocument,
  MarkNotificationsReadDocument,
  NotificationAddedDocument,
  UnreadNotificationsCountDocument,
  type NotificationItemFragment,
} from "../../graphql/graphql.ts";

export type NotificationItem = NotificationItemFragment;

export function useNotifications({ open }: { open: boolean }) {
  const count = useQuery(UnreadNotificationsCountDocument, { fetchPolicy: "cache-and-network" });
  const list = useQuery(LatestNotificationsDocument, {
    variables: { first: NOTIFICATIONS_IN_BELL },
    skip: !open,
    fetchPolicy: "cache-and-network",
  });

  // a new notification (from any server process): count again, and the open list shows it at once
  useSubscription(NotificationAddedDocument, {
    onData: () => {
      void count.refetch().catch(() => {});
      if (open) void list.refetch().catch(() => {});
    },
  });

  const [markRead] = useMutation(MarkNotificationsReadDocument, {
    update(cache, { data }, { variables }) {
      if (!data) return;
      cache.writeQuery({
        query: UnreadNotificationsCountDocument,
        data: { unreadNotificationsCount: data.markNotificationsRead.unreadCount },
      });
      for (const id of [variables?.ids ?? []].flat())
        cache.modify({
          id: cache.identify({ __typename: "Notification", id: String(id) }),
          fields: { read: () => true },
        });
    },
  });
  const [markAll, markingAll] = useMutation(MarkAllNotificationsReadDocument, {
    update(cache, { data }) {
      if (!data) return;
      cache.writeQuery({
        query: UnreadNotificationsCountDocument,
        data: { unreadNotificationsCount: data.markAllNotificationsRead.unreadCount },
      });
      const shown = cache.readQuery({
        query: LatestNotificationsDocument,
        variables: { first: NOTIFICATIONS_IN_BELL },
      });
      for (const e of shown?.notifications.edges ?? [])
        cache.modify({ id: cache.identify(e.node), fields: { read: () => true } });
    },
  });

  const items = list.data?.notifications.edges.map((e) => e.node) ?? [];
  return {
    unreadCount: count.data?.unreadNotificationsCount ?? 0,
    items,
    loading: list.loading && !list.data,
    error: list.error && !list.data ? list.error : undefined,
    retry: () => void list.refetch().catch(() => {}),
    /** Marks one read (nothing to do when it already is); a failure leaves it unread, to try again. */
    markRead: (n: NotificationItem) =>
      n.read
        ? Promise.resolve()
        : markRead({ variables: { ids: [n.id] } }).then(
            () => {},
            () => {},
          ),
    markAllRead: () =>
      markAll().then(
        () => {},
        () => {},
      ),
    markingAll: markingAll.loading,
  };
}
