/** Browser-safe contract of /api/me/lists. */
import { z } from 'astro/zod';
import type { TitleCard } from '../titles/client/cards.ts';
import { titleRefFields } from '../personal/contract.ts';

export const LIST_NAMES = ['my_list', 'wishlist'] as const;
export type ListName = (typeof LIST_NAMES)[number];
export const ListQuery = z.object({ list: z.enum(LIST_NAMES) });
export const ListItemBody = z.object({ list: z.enum(LIST_NAMES), ...titleRefFields });
export type ListItem = z.infer<typeof ListItemBody>;

export interface ListItems { items: TitleCard[] }
export interface ListChange { inList: boolean; added?: boolean; removed?: boolean; message: string }
