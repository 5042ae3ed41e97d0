/** Tests share the scripts' free-port helper. */
export { freePort } from '../../scripts/lib/ports.ts';
