import { describe, expect, it } from 'vitest';
import { DEFAULT_EMBEDDED_PORT, databaseSettings } from '../../db/connect.ts';

describe('databaseSettings', () => {
  it('picks the embedded database on the default port when no URL is set', () => {
    expect(DEFAULT_EMBEDDED_PORT).toBe(54329);
    expect(databaseSettings({})).toEqual({ kind: 'embedded', port: 54329 });
    expect(databaseSettings({ DATABASE_URL: '', NETLIFY_DATABASE_URL: '' })).toEqual({ kind: 'embedded', port: 54329 });
  });

  it('uses EMBEDDED_DB_PORT for the embedded database, as a string or a number', () => {
    expect(databaseSettings({ EMBEDDED_DB_PORT: '6543' })).toEqual({ kind: 'embedded', port: 6543 });
    expect(databaseSettings({ EMBEDDED_DB_PORT: 7000 })).toEqual({ kind: 'embedded', port: 7000 });
    expect(databaseSettings({ EMBEDDED_DB_PORT: 'not a port' })).toEqual({ kind: 'embedded', port: 54329 });
  });

  it('picks postgres for an ordinary postgres:// URL', () => {
    const url = 'postgres://app:secret@db.example.com:5432/cinecat';
    expect(databaseSettings({ DATABASE_URL: url })).toEqual({ kind: 'postgres', url });
    expect(databaseSettings({ DATABASE_URL: url, EMBEDDED_DB_PORT: '6543' })).toEqual({ kind: 'postgres', url });
  });

  it('picks neon for a *.neon.tech host', () => {
    const url = 'postgresql://app:secret@ep-cool-name-123456.eu-central-1.aws.neon.tech/neondb?sslmode=require';
    expect(databaseSettings({ DATABASE_URL: url })).toMatchObject({ kind: 'neon', url });
  });

  it('does not mistake a host that merely contains neon.tech for Neon', () => {
    const url = 'postgres://app@neon.tech.example.com/db';
    expect(databaseSettings({ DATABASE_URL: url })).toEqual({ kind: 'postgres', url });
  });

  it('picks neon through the proxy when NEON_WS_PROXY is set, whatever the host', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/postgres';
    expect(databaseSettings({ DATABASE_URL: url, NEON_WS_PROXY: '127.0.0.1:9000' })).toEqual({
      kind: 'neon',
      url,
      wsProxy: '127.0.0.1:9000',
    });
  });

  it('falls back to NETLIFY_DATABASE_URL, and prefers DATABASE_URL when both are set', () => {
    const netlify = 'postgresql://app@ep-x.us-east-2.aws.neon.tech/neondb';
    const own = 'postgres://app@db.example.com/cinecat';
    expect(databaseSettings({ NETLIFY_DATABASE_URL: netlify })).toMatchObject({ kind: 'neon', url: netlify });
    expect(databaseSettings({ NETLIFY_DATABASE_URL: own })).toEqual({ kind: 'postgres', url: own });
    expect(databaseSettings({ DATABASE_URL: own, NETLIFY_DATABASE_URL: netlify })).toEqual({ kind: 'postgres', url: own });
  });

  it('treats an unparsable URL as plain postgres rather than throwing', () => {
    expect(databaseSettings({ DATABASE_URL: 'not a url' })).toEqual({ kind: 'postgres', url: 'not a url' });
  });
});
