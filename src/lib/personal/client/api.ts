/**
 * Browser calls of the personal endpoints (src/lib/http/api-client.ts): each resolves with the JSON answer or
 * rejects with an ApiError carrying the status and the server's `error` text; callers show the spec's own message.
 */
import type { ListName } from '../../lists/contract.ts';
import type { ContinueWatchingItem } from '../../history/contract.ts';
import type { ProgressInput } from '../../history/contract.ts';
import { apiRequest } from '../../http/api-client.ts';
import type { ListChange, ListItems } from '../../lists/contract.ts';
import type { RatingSaved, TitleState } from '../../ratings/contract.ts';
import type { Recommendation } from '../../recommendations/contract.ts';
import type { RequestSubmitted } from '../../requests/contract.ts';
import type { PublicRequest } from '../../requests/contract.ts';
import type { TitleRef } from '../contract.ts';

export const fetchTitleState = (ref: TitleRef) =>
  apiRequest<TitleState>(`/api/me/title-state?type=${ref.type}&tmdbId=${ref.tmdbId}`);

/** Adds (inList) or removes the title; resolves with the server's toast text. */
export const saveListMembership = (ref: TitleRef, list: ListName, inList: boolean) =>
  apiRequest<ListChange>('/api/me/lists', { method: inList ? 'POST' : 'DELETE', body: { list, ...ref } });

export const saveRating = (ref: TitleRef, rating: number) =>
  apiRequest<RatingSaved>('/api/me/ratings', { method: 'PUT', body: { ...ref, rating } });

export const saveProgress = (progress: ProgressInput) =>
  apiRequest<{ saved: true }>('/api/me/history', { method: 'POST', body: progress });

export const fetchList = (list: ListName) => apiRequest<ListItems>(`/api/me/lists?list=${list}`);
export const fetchContinueWatching = () => apiRequest<{ items: ContinueWatchingItem[] }>('/api/me/history');
export const fetchRecommendations = () => apiRequest<{ items: Recommendation[] }>('/api/me/recommendations');
export const fetchPublicRequests = () => apiRequest<{ items: PublicRequest[] }>('/api/requests');
export const submitRequest = (message: string, isPublic: boolean) =>
  apiRequest<RequestSubmitted>('/api/requests', { method: 'POST', body: { message, isPublic } });
