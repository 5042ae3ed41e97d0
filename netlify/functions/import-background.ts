/**
 * Runs a bulk import job (src/lib/tmdb/import-jobs.ts) on Netlify, where one page of titles may outlast a
 * synchronous function; see src/lib/tmdb/background-function.ts. The admin endpoint that created the job calls it.
 */
import { backgroundJobFunction } from '../../src/lib/tmdb/background-function.ts';
import { runImportJob } from '../../src/lib/tmdb/import-jobs.ts';

export default backgroundJobFunction('import_jobs', 'an import job', runImportJob);
