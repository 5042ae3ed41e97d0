/**
 * The person page's details through the person proxy (/api/person/{id}, the spec's fetch-actor-data), for
 * people the build knew only by name: imports bring cast from credits, without biography or birth date.
 * Browser-safe. Failures become the spec's messages for the actor page.
 */
export const ACTOR_FETCH_FAILED = 'Failed to fetch actor details from proxy function.';
export const ACTOR_NOT_FOUND_VIA_PROXY = 'Actor not found via proxy.';

export interface ProxiedPerson {
  id: number;
  name: string;
  birthday: string | null;
  place_of_birth: string | null;
  known_for_department: string | null;
  biography: string | null;
  external_ids: { twitter_id: string | null; instagram_id: string | null };
}

/** The proxy's answer, or the message to show: the function's own error text, else the spec's defaults. */
export async function fetchActorDetails(id: number): Promise<{ person: ProxiedPerson } | { error: string }> {
  let response: Response;
  let body: (Partial<ProxiedPerson> & { error?: string }) | null;
  try {
    response = await fetch(`/api/person/${id}`, { headers: { Accept: 'application/json' } });
    body = await response.json();
  } catch {
    return { error: ACTOR_FETCH_FAILED };
  }
  if (body?.error) return { error: body.error };
  if (!response.ok) return { error: ACTOR_FETCH_FAILED };
  if (!body?.id) return { error: ACTOR_NOT_FOUND_VIA_PROXY };
  return { person: body as ProxiedPerson };
}

/** A page built without any of these shows them after asking the proxy. */
export function lacksDetails(person: { birthday: string | null; placeOfBirth: string | null; biography: string | null }): boolean {
  return !person.birthday && !person.placeOfBirth && !person.biography;
}
