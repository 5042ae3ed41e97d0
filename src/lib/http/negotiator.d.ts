/** The part of negotiator 1.x (no bundled types; @types/negotiator describes 0.6) that the server uses. */
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';

  export default class Negotiator {
    constructor(request: IncomingMessage);
    /** The available encodings the client accepts, most wanted first; ties go to `preferred`'s order. */
    encodings(available: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
