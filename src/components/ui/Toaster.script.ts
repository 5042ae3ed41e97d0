/** The script of Toaster.astro; every page has one, and ../layout/page-scripts.ts starts it. */
import { $toasts, dismissToast, showPendingToast } from '../../lib/ui/client/toast.ts';

export function startToaster(): void {
  const root = document.querySelector<HTMLElement>('[data-toaster]')!;
  $toasts.subscribe((toasts) => {
    root.replaceChildren(...toasts.map((toast) => {
      const item = document.createElement('div');
      item.className = `toast toast-${toast.kind}`;
      item.setAttribute('role', toast.kind === 'error' ? 'alert' : 'status');
      const text = document.createElement('span');
      text.textContent = toast.message;
      const close = document.createElement('button');
      close.type = 'button';
      close.setAttribute('aria-label', 'Dismiss');
      close.textContent = '×';
      close.addEventListener('click', () => dismissToast(toast.id));
      item.append(text, close);
      return item;
    }));
  });
  document.addEventListener('click', (event) => {
    if ($toasts.get().length && !root.contains(event.target as Node)) dismissToast();
  }, true);
  showPendingToast();
}
