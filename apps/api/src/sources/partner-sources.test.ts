import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir, START_TIME } from '@iconia/testkit';
import { MIGRATIONS, openLeadStore } from '../store/lead-store.ts';
import { PARTNER_SOURCES_MIGRATION } from '../store/partner-source-store.ts';
import { signingKeyOf } from '../standard-webhooks.ts';
import { createPartnerSources, PREVIOUS_SECRET_MS } from './partner-sources.ts';

const HOUR = 3_600_000;

describe('partner sources', () => {
  const temp = createTempDir('iconia-partner-sources-');
  afterAll(() => temp.remove());

  function open(name: string) {
    const store = openLeadStore(path.join(temp.dir, `${name}.sqlite`));
    return { store, sources: createPartnerSources(store.db) };
  }

  it('when a database from before partner sources is upgraded, then its leads stay and sources can be added', () => {
    const file = path.join(temp.dir, 'old.sqlite');
    const version = MIGRATIONS.indexOf(PARTNER_SOURCES_MIGRATION);
    expect(version).toBeGreaterThan(0);
    const old = new Database(file);
    MIGRATIONS.slice(0, version).forEach((sql) => old.exec(sql));
    old.pragma(`user_version = ${version}`);
    old
      .prepare(
        `INSERT INTO leads (public_id, message_id, kind, name, mobile, status, received_at,
           next_attempt_at)
         VALUES ('p1', '<m1@iconia.test>', 'brochure', 'Ravi', '9876543210', 'sent', ?, ?)`,
      )
      .run(START_TIME, START_TIME);
    old.close();

    const store = openLeadStore(file);
    const sources = createPartnerSources(store.db);
    sources.add('acme-realty', START_TIME);
    expect(store.listLeads().map((lead) => lead.name)).toEqual(['Ravi']);
    expect(sources.list(START_TIME).map((source) => source.name)).toEqual(['acme-realty']);
    store.close();
  });

  it('when a source is added, then its secret is a Standard Webhooks secret of 32 random bytes that signs its requests', () => {
    const { store, sources } = open('add');
    const { secret, source } = sources.add('acme-realty', START_TIME);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(source).toEqual({
      name: 'acme-realty',
      disabled: false,
      createdAt: START_TIME,
      rotatedAt: null,
      previousSecretUntil: null,
    });
    expect(sources.add('other', START_TIME).secret).not.toBe(secret);
    expect(sources.access('acme-realty', START_TIME)).toEqual({
      status: 'enabled',
      keys: [signingKeyOf(secret)],
    });
    store.close();
  });

  it('when a name is malformed or taken, then it is refused with a sentence and nothing is added', () => {
    const { store, sources } = open('names');
    sources.add('acme', START_TIME);
    for (const name of ['a', 'Acme', 'acme realty', 'x'.repeat(41), 'acme_realty']) {
      expect(() => sources.add(name, START_TIME)).toThrow(
        `"${name}" is not a valid name. A source name is 2 to 40 lowercase letters, digits and hyphens.`,
      );
    }
    expect(() => sources.add('acme', START_TIME)).toThrow(
      'There is already a source named "acme".',
    );
    expect(sources.list(START_TIME).map((source) => source.name)).toEqual(['acme']);
    store.close();
  });

  it('when a secret is rotated, then both secrets sign for 24 hours and only the new one after', () => {
    const { store, sources } = open('rotate');
    const first = sources.add('acme', START_TIME).secret;
    const rotatedAt = START_TIME + HOUR;
    const second = sources.rotate('acme', rotatedAt);
    expect(second.source.previousSecretUntil).toBe(rotatedAt + PREVIOUS_SECRET_MS);
    expect(sources.access('acme', rotatedAt + PREVIOUS_SECRET_MS - 1)).toEqual({
      status: 'enabled',
      keys: [signingKeyOf(second.secret), signingKeyOf(first)],
    });
    expect(sources.access('acme', rotatedAt + PREVIOUS_SECRET_MS)).toEqual({
      status: 'enabled',
      keys: [signingKeyOf(second.secret)],
    });
    expect(sources.list(rotatedAt + PREVIOUS_SECRET_MS)[0]?.previousSecretUntil).toBeNull();
    store.close();
  });

  it('when a source is disabled and enabled, then it is refused in between and signs again after', () => {
    const { store, sources } = open('disable');
    const { secret } = sources.add('acme', START_TIME);
    expect(sources.disable('acme', START_TIME).disabled).toBe(true);
    expect(sources.access('acme', START_TIME)).toEqual({ status: 'disabled' });
    expect(sources.enable('acme', START_TIME).disabled).toBe(false);
    expect(sources.access('acme', START_TIME)).toEqual({
      status: 'enabled',
      keys: [signingKeyOf(secret)],
    });
    expect(sources.access('nobody', START_TIME)).toEqual({ status: 'unknown' });
    expect(() => sources.disable('nobody', START_TIME)).toThrow(
      'There is no source named "nobody".',
    );
    store.close();
  });

  it('when another connection changes a source, then the next read sees it without reopening', () => {
    const { store, sources } = open('live');
    sources.add('acme', START_TIME);
    const other = openLeadStore(path.join(temp.dir, 'live.sqlite'));
    createPartnerSources(other.db).disable('acme', START_TIME);
    other.close();
    expect(sources.access('acme', START_TIME)).toEqual({ status: 'disabled' });
    store.close();
  });
});
