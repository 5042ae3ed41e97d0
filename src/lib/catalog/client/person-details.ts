/**
 * The person page's details through the person proxy (/api/person/{id}, the spec's fetch-actor-data), for
 * people the build knew only by name: imports bring cast from credits, without biography or birth date.
 * Browser-safe. Failures become the spec's messages for the actor page.
 */
import { ApiError, call } from '../../http/api-client.ts';
import type { PersonDetails } from '../contract.ts';
import { catalogRoutes } from '../routes.ts';

export const ACTOR_FETCH_FAILED = 'Failed to fetch actor details from proxy function.';
export const ACTOR_NOT_FOUND_VIA_PROXY = 'Actor not found via proxy.';

/** The proxy's answer, or the message to show: the function's own error text, else the spec's defaults. */
export async function fetchActorDetails(id: number): Promise<{ person: PersonDetails } | { error: string }> {
  try {
    const person = await call(catalogRoutes.person, { params: { id } });
    return person.id ? { person } : { error: ACTOR_NOT_FOUND_VIA_PROXY };
  } catch (error) {
    return { error: (error instanceof ApiError && error.serverText) || ACTOR_FETCH_FAILED };
  }
}

/** A page built without any of these shows them after asking the proxy. */
export function lacksDetails(person: { birthday: string | null; placeOfBirth: string | null; biography: string | null }): boolean {
  return !person.birthday && !person.placeOfBirth && !person.biography;
}
