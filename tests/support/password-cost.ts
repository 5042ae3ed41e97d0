/**
 * Vitest setup file (both projects): hashes passwords with cheap scrypt parameters so the hundreds of hashes the
 * suites make stay fast. Production code never calls this; tests that care about the real cost pass
 * PRODUCTION_COST explicitly.
 */
import { usePasswordCostForTests } from '../../src/lib/accounts/passwords.ts';

usePasswordCostForTests({ N: 1024, r: 8, p: 1 });
