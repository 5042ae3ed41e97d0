/** The script of AccountMenu.astro; every page has one, and ../layout/page-scripts.ts starts it. */
import { signOut } from '../../lib/accounts/client/account-calls.ts';
import { $session } from '../../lib/accounts/client/session-store.ts';
import { accountRoutes } from '../../lib/accounts/routes.ts';
import { urlOf } from '../../lib/http/route.ts';
import { showToast } from '../../lib/ui/client/toast.ts';

export function startAccountMenu(): void {
  const root = document.querySelector<HTMLElement>('[data-account]')!;
  const find = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-account-${name}]`)!;
  const toggle = find<HTMLButtonElement>('toggle');
  const items = find<HTMLElement>('items');

  function setOpen(open: boolean) {
    items.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
  }

  $session.subscribe((session) => {
    if (session === 'loading') return;
    document.documentElement.classList.remove('signed-in-hint');
    const user = session?.user;
    const sees = { visitor: !user, user: Boolean(user), admin: user?.role === 'admin' };
    for (const entry of document.querySelectorAll<HTMLElement>('[data-session]')) {
      entry.hidden = !sees[entry.dataset.session as keyof typeof sees];
    }
    if (!user) return;
    find('email').textContent = user.email;
    // The id in the URL keeps the browser from showing a cached avatar of another account.
    find<HTMLImageElement>('avatar').src = urlOf(accountRoutes.avatar, { query: { v: user.id } });
  });

  toggle.addEventListener('click', () => setOpen(items.hidden));
  document.addEventListener('click', (event) => {
    if (!root.contains(event.target as Node)) setOpen(false);
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      setOpen(false);
      toggle.focus();
    }
  });
  find('sign-out').addEventListener('click', async () => {
    try {
      await signOut();
      window.location.assign('/');
    } catch (error) {
      showToast((error as Error).message, 'error');
    }
  });
}
