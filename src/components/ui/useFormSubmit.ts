/**
 * The submit handling the site's forms share: a client-side check first (its message as an error toast,
 * nothing sent), then `action` with the button busy; a failure's message (the server's own text) becomes an
 * error toast and the form can be sent again. The submit button stays disabled until the island has hydrated:
 * a click on the bare server-rendered form would otherwise send it natively (a GET putting its fields, passwords
 * included, in the URL).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { showToast, toastAfterNavigation } from '../../lib/ui/client/toast.ts';

export function useFormSubmit(check: () => string | null, action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = check();
    if (problem) return showToast(problem, 'error');
    setBusy(true);
    try {
      await action();
    } catch (error) {
      showToast((error as Error).message, 'error');
    }
    setBusy(false);
  }
  return { busy, disabled: busy || !hydrated, onSubmit };
}

/** Success that leaves for the home page (spec 8: '... then home'), or the page that sent the visitor here. */
export function goHome(message: string, destination = '/'): void {
  toastAfterNavigation(message);
  window.location.assign(destination);
}
