/**
 * The private feed: its link is shown once, when made (only a hash of its token is kept), with a copy button and a
 * webcal: link that opens the calendar app. Renewing makes a new link and stops the old one; it can also be turned off.
 */
import { useState } from 'react';
import type { FeedLink } from '../../lib/calendar/contract.ts';
import { calendarRoutes } from '../../lib/calendar/routes.ts';
import { call, errorText } from '../../lib/http/api-client.ts';
import { showToast } from '../../lib/ui/client/toast.ts';

export default function FeedPanel({ feed }: { feed: { createdAt: string } | null }) {
  const [link, setLink] = useState<FeedLink | null>(null);
  const [since, setSince] = useState(feed?.createdAt ?? null);
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showToast(errorText(error, 'Something went wrong. Please try again.'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const renew = () => act(async () => {
    const made = await call(calendarRoutes.renewFeed);
    setLink(made);
    setSince(made.createdAt);
    showToast(made.message);
  });
  const stop = () => act(async () => {
    showToast((await call(calendarRoutes.stopFeed)).message);
    setLink(null);
    setSince(null);
  });
  const copy = () => void navigator.clipboard?.writeText(link!.url).then(() => showToast('Link copied to clipboard!'), () => undefined);

  return (
    <section className="calendar-feed" aria-labelledby="calendar-feed-heading">
      <h2 id="calendar-feed-heading">Subscribe in your calendar app</h2>
      <p>A private link to these releases, for Google Calendar, Apple Calendar or Outlook ("add calendar from URL"). Anyone with the link can read it: keep it to yourself, and renew it if it got out.</p>
      {link ? (
        <div className="calendar-feed-link">
          <label htmlFor="calendar-feed-url">Your private feed link (shown only now)</label>
          <input id="calendar-feed-url" type="text" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
          <div className="calendar-feed-actions">
            <button type="button" className="btn" onClick={copy}>Copy link</button>
            <a className="btn" href={link.webcalUrl}>Open in calendar app</a>
          </div>
        </div>
      ) : since ? (
        <p data-testid="feed-status">Your feed link was made on {new Date(since).toLocaleDateString()}. It is not shown again: renew it to get a new one.</p>
      ) : null}
      <div className="calendar-feed-actions">
        <button type="button" className="btn btn-primary" onClick={renew} disabled={busy}>{since ? 'Renew link' : 'Get my feed link'}</button>
        {since && <button type="button" className="btn" onClick={stop} disabled={busy}>Turn the feed off</button>}
      </div>
    </section>
  );
}
