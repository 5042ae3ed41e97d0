/**
 * Runs a TMDB sync (src/lib/tmdb/sync.ts) on Netlify, where reading the change lists and refreshing what changed
 * may outlast a synchronous function; see src/lib/tmdb/background-function.ts. The scheduled function and the
 * admin endpoint that created the sync call it.
 */
import { backgroundJobFunction } from '../../src/lib/tmdb/background-function.ts';
import { runSync } from '../../src/lib/tmdb/sync.ts';

export default backgroundJobFunction('tmdb_syncs', 'a sync', runSync);
