/**
 * /calendar: the coming releases and episodes of the titles in My List and the Wishlist, by day, and the private feed
 * that calendar apps subscribe to. A visitor sees the personal pages' sign-in notice (spec 2).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $session } from '../../lib/accounts/client/session-store.ts';
import { episodeCode, LOGIN_TO_SEE_CALENDAR, NO_RELEASES, type CalendarAnswer, type CalendarEntry } from '../../lib/calendar/contract.ts';
import { calendarRoutes } from '../../lib/calendar/routes.ts';
import { ApiError, call } from '../../lib/http/api-client.ts';
import SignedOutNotice from '../personal/SignedOutNotice.tsx';
import FeedPanel from './FeedPanel.tsx';

/** The browser's own today, so "today" is the user's day, not the server's. */
function localDay(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const dayHeading = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
  weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC',
});

function Entry({ entry }: { entry: CalendarEntry }) {
  const { episode } = entry;
  return (
    <li className="calendar-entry">
      <a href={entry.href}>{entry.title}</a>
      <span className="calendar-what">
        {episode ? `${episodeCode(episode.season, episode.number)}${episode.name ? ` · ${episode.name}` : ''}` : 'Movie release'}
      </span>
    </li>
  );
}

export default function CalendarView() {
  const session = useStore($session);
  const [answer, setAnswer] = useState<CalendarAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const signedIn = session !== 'loading' && session !== null;

  useEffect(() => {
    if (!signedIn) return;
    call(calendarRoutes.entries, { query: { from: localDay() } }).then(setAnswer).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return setSessionEnded(true);
      console.error('Could not load the calendar', error);
      setFailed(true);
    });
  }, [signedIn]);

  if (sessionEnded || (hydrated && session === null)) return <SignedOutNotice message={LOGIN_TO_SEE_CALENDAR} />;
  if (failed) return <p className="error-message" role="alert">Could not load your calendar. Please try again.</p>;
  if (answer === null) return <div className="admin-loading" role="status"><span className="spinner" aria-hidden="true" /> Loading…</div>;
  const days = new Map<string, CalendarEntry[]>();
  for (const entry of answer.entries) days.set(entry.date, [...(days.get(entry.date) ?? []), entry]);
  return (
    <>
      {days.size === 0 ? <p className="browse-empty">{NO_RELEASES}</p> : (
        <ol className="calendar-days" aria-label="Coming up">
          {[...days].map(([day, entries]) => (
            <li key={day}>
              <h2 className="calendar-day"><time dateTime={day}>{dayHeading(day)}</time></h2>
              <ul className="calendar-entries">{entries.map((entry) => <Entry key={`${entry.type}-${entry.tmdbId}-${entry.episode?.season}-${entry.episode?.number}`} entry={entry} />)}</ul>
            </li>
          ))}
        </ol>
      )}
      <FeedPanel feed={answer.feed} />
    </>
  );
}
