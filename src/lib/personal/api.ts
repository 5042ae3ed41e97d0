/**
 * Browser calls of the personal endpoints. Each resolves with the JSON answer or rejects with an HttpError carrying
 * the status and the server's `error` text; callers show the spec's own message instead.
 */
import type { ContentType, ListName } from '../../../db/schema.ts';
import type { TitleCard } from '../catalog/cards.ts';
import type { ContinueWatchingItem } from '../history/history.ts';
import type { Recommendation } from '../recommendations/recommendations.ts';
import type { PublicRequest } from '../requests/requests.ts';

export interface TitleRef { type: ContentType; tmdbId: number }
export interface TitleState { lists: ListName[]; rating: number | null; ratingCount: number }

/** A refused call: the status lets callers tell an ended session (401) from other failures. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'HttpError';
  }
}

export async function requestJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as ({ error?: string } & T) | null;
  if (!response.ok || answer === null) throw new HttpError(response.status, answer?.error ?? `Request failed (${response.status})`);
  return answer;
}

export const fetchTitleState = (ref: TitleRef) =>
  requestJson<TitleState>('GET', `/api/me/title-state?type=${ref.type}&tmdbId=${ref.tmdbId}`);

/** Adds (inList) or removes the title; resolves with the server's toast text. */
export async function saveListMembership(ref: TitleRef, list: ListName, inList: boolean): Promise<{ added?: boolean; message: string }> {
  return requestJson(inList ? 'POST' : 'DELETE', '/api/me/lists', { list, ...ref });
}

export const saveRating = (ref: TitleRef, rating: number) =>
  requestJson<{ rating: number; ratingCount: number; message: string }>('PUT', '/api/me/ratings', { ...ref, rating });

export const fetchList = (list: ListName) => requestJson<{ items: TitleCard[] }>('GET', `/api/me/lists?list=${list}`);
export const fetchContinueWatching = () => requestJson<{ items: ContinueWatchingItem[] }>('GET', '/api/me/history');
export const fetchRecommendations = () => requestJson<{ items: Recommendation[] }>('GET', '/api/me/recommendations');
export const fetchPublicRequests = () => requestJson<{ items: PublicRequest[] }>('GET', '/api/requests');
export const submitRequest = (message: string, isPublic: boolean) =>
  requestJson<{ message: string }>('POST', '/api/requests', { message, isPublic });
