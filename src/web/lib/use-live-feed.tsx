import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAuth } from './auth';
import { createLiveFeed, type LiveEvent, type LiveFeed, type LiveFeedOptions, type LiveStatus, type LiveTopic } from './live-feed';

const LiveFeedContext = createContext<LiveFeed | null>(null);

/** Events that arrive within this many ms of each other are answered with one read. */
export const REFRESH_DELAY_MS = 60;

export interface LiveFeedProviderProps {
  children: ReactNode;
  /** For tests: a feed on another socket. */
  createFeed?: (options: LiveFeedOptions) => LiveFeed;
}

/**
 * One live feed (one WebSocket to `/api/live`) for the whole console, belonging to the signed-in
 * session: a new token (sign-in, company switch, station login) opens a new feed, signing out
 * closes it. It connects only once a screen listens to a topic.
 */
export function LiveFeedProvider({ children, createFeed = createLiveFeed }: LiveFeedProviderProps) {
  const { session } = useAuth();
  const queryClient = useQueryClient();
  const token = session?.access_token ?? null;
  const [feed, setFeed] = useState<LiveFeed | null>(null);

  useEffect(() => {
    if (!token) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the feed is a WebSocket opened and closed with the effect (StrictMode runs it twice)
      setFeed(null);
      return;
    }
    const next = createFeed({
      getToken: () => token,
      // The server refused the token on the socket: a read over HTTP meets the same refusal and
      // ends the session through the api client, so the console says why.
      onUnauthorized: () => void queryClient.invalidateQueries(),
    });
    setFeed(next);
    return () => next.close();
  }, [token, createFeed, queryClient]);

  return <LiveFeedContext.Provider value={feed}>{children}</LiveFeedContext.Provider>;
}

interface SeenStatus {
  feed: LiveFeed | null;
  status: LiveStatus;
  /** When the feed reported the status (epoch ms): for `live`, the moment it caught up. */
  since: number;
}

/**
 * The feed's status and when it changed to it. A change redraws in a transition: every board on a screen
 * shows it, and drawing them all at once in the socket's message handler was one long task
 * (docs/performance.md, Lighthouse). The time is taken when the feed reports the change, before its
 * caught-up listeners run, not when React draws it.
 */
function useFeedStatus(): SeenStatus {
  const feed = useContext(LiveFeedContext);
  // No feed yet (the provider opens it in an effect after the first render): connecting, not lost.
  const [seen, setSeen] = useState<SeenStatus>(() => ({ feed, status: feed ? feed.status() : 'connecting', since: Date.now() }));
  useEffect(() => {
    if (!feed) return;
    const changed = () => {
      const next = { feed, status: feed.status(), since: Date.now() };
      startTransition(() => setSeen(next));
    };
    // A change between this render and the subscription is not missed.
    if (feed.status() !== seen.status || seen.feed !== feed) changed();
    return feed.onStatus(changed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `seen` only decides whether to read once more at subscribing
  }, [feed]);
  // Another feed than the one last seen (a new session): its status as it is now, until its first change.
  if (seen.feed !== feed) return { feed, status: feed ? feed.status() : 'connecting', since: seen.since };
  return seen;
}

/** The feed's connection: `live` (caught up), `connecting` (opening or replaying) or `offline`; a change redraws in a transition. */
export function useLiveStatus(): LiveStatus {
  return useFeedStatus().status;
}

/**
 * Calls `onEvent` for every event of the topics while the component is mounted (replayed ones
 * after a reconnect included). The topics are compared by value, so an array literal is fine.
 */
export function useLiveEvents(topics: readonly LiveTopic[], onEvent: (event: LiveEvent) => void): void {
  const feed = useContext(LiveFeedContext);
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  const topicList = topics.join('\n');
  useEffect(() => {
    if (!feed || !topicList) return;
    const stops = topicList.split('\n').map((topic) => feed.listen(topic as LiveTopic, (event) => latest.current(event)));
    return () => stops.forEach((stop) => stop());
  }, [feed, topicList]);
}

export interface LiveQueryState {
  status: LiveStatus;
  /**
   * True only while the feed is live and the data was read after it (re)connected: a board that
   * is not current must say so rather than pass old rows off as the present.
   */
  isCurrent: boolean;
}

/**
 * Keeps a query current through the live feed: every event of `topics` (and every catch-up after
 * a subscribe or a reconnect) reads the query again. Pass the query's `dataUpdatedAt` and
 * `isError` so the answer can tell whether what the screen shows is current.
 */
export function useLiveQuery(
  topics: readonly LiveTopic[],
  queryKey: QueryKey,
  query: { dataUpdatedAt: number; isError: boolean },
  /** Only events this accepts read again (the plan reads again only on the events that change it); default all. */
  only?: (event: LiveEvent) => boolean,
): LiveQueryState {
  const feed = useContext(LiveFeedContext);
  const queryClient = useQueryClient();
  const { status, since } = useFeedStatus();
  const keyRef = useRef(queryKey);
  useEffect(() => {
    keyRef.current = queryKey;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: keyRef.current });
    }, REFRESH_DELAY_MS);
  }, [queryClient]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );

  const onlyRef = useRef(only);
  useEffect(() => {
    onlyRef.current = only;
  });
  useLiveEvents(topics, (event) => {
    if (!onlyRef.current || onlyRef.current(event)) refresh();
  });
  // A caught-up answers a subscribe: a read from then on misses no event of the new topics.
  const caughtUpAt = useRef(0);
  useEffect(
    () =>
      feed?.onCaughtUp(() => {
        caughtUpAt.current = Date.now();
        refresh();
      }),
    [feed, refresh],
  );

  const [liveSince, setLiveSince] = useState<number | null>(null);
  useEffect(() => {
    if (status !== 'live') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- records when the external feed turned live, to tell data read since then
      setLiveSince(null);
      return;
    }
    setLiveSince(since);
    // The caught-up that made the feed live asked for a read already (one read, not two); a query that came
    // to a feed already live reads now.
    if (caughtUpAt.current < since) refresh();
  }, [status, since, refresh]);

  const isCurrent = status === 'live' && liveSince !== null && query.dataUpdatedAt >= liveSince && !query.isError;
  return { status, isCurrent };
}
