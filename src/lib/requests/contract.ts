/** Browser-safe contract of /api/requests (visitors) and /api/admin/requests. */
import { z } from 'astro/zod';
import { EMPTY_REQUEST } from '../personal/client/constants.ts';

export const REQUEST_MAX_LENGTH = 2000;

export const RequestBody = z.object({
  message: z.string().trim().min(1, EMPTY_REQUEST).max(REQUEST_MAX_LENGTH, `A request is at most ${REQUEST_MAX_LENGTH} characters.`),
  isPublic: z.boolean().default(true),
});
export type RequestInput = z.infer<typeof RequestBody>;

export interface RequestSubmitted { id: number; message: string }

export interface PublicRequest {
  id: number;
  message: string;
  /** 'Member' when a signed-in user sent it, else 'Anonymous': no part of an e-mail is ever public. */
  requester: string;
  createdAt: string;
}
