/**
 * /request: the request form (public or private; linked to the account when signed in, on the server) and the
 * 20 most recent public requests, refreshed after each submission.
 */
import { useEffect, useState } from 'react';
import { call } from '../../lib/http/api-client.ts';
import { EMPTY_REQUEST, NO_PUBLIC_REQUESTS, REQUEST_FAILED, REQUEST_SUBMITTED } from '../../lib/personal/client/constants.ts';
import { relativeAge } from '../../lib/requests/client/relative-time.ts';
import type { PublicRequest } from '../../lib/requests/contract.ts';
import { requestRoutes } from '../../lib/requests/routes.ts';
import { usePreHydrationChanges } from '../../lib/islands/client/pre-hydration.ts';
import { showToast } from '../../lib/ui/client/toast.ts';
import { useFormSubmit } from '../ui/useFormSubmit.ts';

export default function RequestPage() {
  // What was typed or unticked before hydration is the form's starting state (the markup already shows it).
  const { id, changed } = usePreHydrationChanges();
  const [message, setMessage] = useState(() => changed.get('message') ?? '');
  const [isPublic, setIsPublic] = useState(() => changed.get('public') !== '');
  const [recent, setRecent] = useState<PublicRequest[] | null>(null);

  const loadRecent = () => call(requestRoutes.recent).then((answer) => setRecent(answer.items)).catch((error: unknown) => {
    console.error('Could not load public requests', error);
    setRecent([]);
  });
  useEffect(() => void loadRecent(), []);

  const { busy, disabled, onSubmit } = useFormSubmit(() => (message.trim() ? null : EMPTY_REQUEST), async () => {
    try {
      await call(requestRoutes.submit, { body: { message: message.trim(), isPublic } });
    } catch {
      throw new Error(REQUEST_FAILED); // spec 8: one message whatever went wrong
    }
    showToast(REQUEST_SUBMITTED, 'success');
    setMessage('');
    await loadRecent();
  });

  return (
    <>
      <form id={id} className="request-form" onSubmit={onSubmit} noValidate>
        <label htmlFor="request-message">What would you like us to add?</label>
        <textarea id="request-message" name="message" rows={5} maxLength={2000} value={message} onChange={(event) => setMessage(event.target.value)}
          placeholder="A movie or TV show title, a season, a fix..." />
        <label className="request-public">
          <input type="checkbox" name="public" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} />
          Make this request public
        </label>
        <button className="btn btn-primary" type="submit" disabled={disabled}>{busy ? 'Submitting...' : 'Submit Request'}</button>
      </form>
      <section className="recent-requests" aria-labelledby="recent-requests-heading">
        <h2 id="recent-requests-heading">Recent Public Requests</h2>
        {recent === null ? <p className="browse-empty" aria-busy="true">Loading...</p>
          : recent.length === 0 ? <p className="browse-empty">{NO_PUBLIC_REQUESTS}</p>
          : (
            <ul>
              {recent.map((request) => (
                <li key={request.id}>
                  <p className="request-message">{request.message}</p>
                  <p className="request-meta">{request.requester} · <time dateTime={request.createdAt}>{relativeAge(request.createdAt)}</time></p>
                </li>
              ))}
            </ul>
          )}
      </section>
    </>
  );
}
