/** Sharing a page (spec section 8): the Web Share API, else a clipboard copy of the link. */
export const SHARE_COPIED_MESSAGE = 'Link copied to clipboard!';
export const SHARE_FAILED_MESSAGE = 'Could not share at this time.';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

type ShareNavigator = { share?: (data: ShareData) => Promise<void>; clipboard?: Pick<Clipboard, 'writeText'> };

export async function shareLink(data: { title: string; url: string }, nav: ShareNavigator): Promise<ShareOutcome> {
  try {
    if (typeof nav.share === 'function') {
      await nav.share(data);
      return 'shared';
    }
    if (!nav.clipboard) return 'failed';
    await nav.clipboard.writeText(data.url);
    return 'copied';
  } catch (error) {
    // Closing the share sheet is the visitor's choice, not a failure.
    return error instanceof Error && error.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}
