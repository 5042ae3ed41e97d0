/** Tests share the scripts' free-port helper. */
export { freePort, freePortOutsideEphemeralRange } from '../../scripts/lib/ports.ts';
