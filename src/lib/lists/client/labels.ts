/** How the UI names a list: in toasts ('Added to My List') and in running text ('Your my list is empty.'). Browser-safe. */
import type { ListName } from '../contract.ts';

export const LIST_LABELS: Record<ListName, { title: string; lower: string }> = {
  my_list: { title: 'My List', lower: 'my list' },
  wishlist: { title: 'Wishlist', lower: 'wishlist' },
};
