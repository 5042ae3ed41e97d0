/**
 * The failures a domain module may throw. The endpoint mechanism (endpoint.ts) maps each to one HTTP status, so
 * domain code says what went wrong, never which status it is:
 *
 *   throw new NotFound('Title not found.');
 */
export class DomainError extends Error {
  /** Go into the answer beside `error` (a refused restore's `detail`). */
  readonly details: Record<string, unknown>;

  // No parameter property: scripts/serve.ts loads this file through Node's type stripping, which refuses them.
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = new.target.name;
    this.details = details;
  }
}

/** The input is malformed or breaks a rule (400). */
export class InvalidInput extends DomainError {}
/** The caller must sign in first (401). */
export class Unauthenticated extends DomainError {}
/** The caller is signed in but may not do this (403). */
export class Forbidden extends DomainError {}
/** The thing asked for does not exist, or is not visible to the caller (404). */
export class NotFound extends DomainError {}
/** The request clashes with the current state (409). */
export class Conflict extends DomainError {}
/** The body is larger than the endpoint accepts (413). */
export class PayloadTooLarge extends DomainError {}
/** The body is not of a type the endpoint reads (415). */
export class UnsupportedMediaType extends DomainError {}
/** The page asked for lies past the last one (416). */
export class RangeNotSatisfiable extends DomainError {}
/** The server could not finish, for a reason the caller may read (500): 'Failed to fetch data from table: …'. */
export class OperationFailed extends DomainError {}
/** Too many attempts from this client (429). */
export class TooManyRequests extends DomainError {}
/** An upstream service (TMDB) failed or is unreachable (502). */
export class UpstreamFailure extends DomainError {}
/** An upstream service answered that the thing does not exist (404). */
export class UpstreamNotFound extends DomainError {}
/** A service the endpoint needs is not configured on this deployment (503). */
export class NotConfigured extends DomainError {}
/** The server sheds this request to keep serving the others (503, with Retry-After). */
export class ServerBusy extends DomainError {
  static readonly RETRY_AFTER_SECONDS = 5;
}

const STATUS = new Map<Function, number>([
  [InvalidInput, 400],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [PayloadTooLarge, 413],
  [UnsupportedMediaType, 415],
  [RangeNotSatisfiable, 416],
  [TooManyRequests, 429],
  [OperationFailed, 500],
  [UpstreamFailure, 502],
  [UpstreamNotFound, 404],
  [NotConfigured, 503],
  [ServerBusy, 503],
]);

/** The HTTP status of a domain error, or of the nearest kind it extends; undefined for anything else (a bug: 500). */
export function statusOfDomainError(error: unknown): number | undefined {
  if (!(error instanceof DomainError)) return undefined;
  for (let kind: Function | null = error.constructor; kind && kind !== DomainError; kind = Object.getPrototypeOf(kind)) {
    const status = STATUS.get(kind);
    if (status !== undefined) return status;
  }
  return undefined;
}

/** `value`, or NotFound(message) when the domain function found nothing (null, undefined or false). */
export function found<T>(value: T | null | undefined | false, message: string): T {
  if (value === null || value === undefined || value === false) throw new NotFound(message);
  return value;
}
