/** The script of ShareButton.astro, started by ../layout/page-scripts.ts. */
import { SHARE_COPIED_MESSAGE, SHARE_FAILED_MESSAGE, shareLink } from '../../lib/ui/client/share.ts';
import { showToast } from '../../lib/ui/client/toast.ts';

export function startShareButtons(): void {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-share]');
    if (!button) return;
    const url = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? window.location.href;
    const outcome = await shareLink({ title: button.dataset.share ?? document.title, url }, navigator);
    if (outcome === 'copied') showToast(SHARE_COPIED_MESSAGE, 'success');
    if (outcome === 'failed') showToast(SHARE_FAILED_MESSAGE, 'error');
  });
}
