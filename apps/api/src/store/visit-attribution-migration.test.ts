import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir, START_TIME } from '@iconia/testkit';
import { MIGRATIONS, openLeadStore } from './lead-store.ts';
import { VISIT_ATTRIBUTION_MIGRATION } from './visit-attribution-migration.ts';

describe('the visit attribution columns on an existing lead database', () => {
  const temp = createTempDir('iconia-visit-attribution-');
  afterAll(() => temp.remove());

  it('when a database from before them is upgraded, then its leads keep their campaign and new leads keep the click id, landing page and referrer', () => {
    const file = path.join(temp.dir, 'leads.sqlite');
    const version = MIGRATIONS.indexOf(VISIT_ATTRIBUTION_MIGRATION);
    expect(version).toBeGreaterThan(0);
    const old = new Database(file);
    MIGRATIONS.slice(0, version).forEach((sql) => old.exec(sql));
    old.pragma(`user_version = ${version}`);
    old
      .prepare(
        `INSERT INTO leads (public_id, message_id, kind, name, mobile, source, page, utm_source,
           gclid, status, received_at, next_attempt_at)
         VALUES ('old', '<old@iconia.test>', 'brochure', 'Ravi', '9876543210', 'brochure-modal',
           '/gallery', 'google', 'Cj0KCQ', 'sent', ?, ?)`,
      )
      .run(START_TIME, START_TIME);
    old.close();

    const store = openLeadStore(file);
    try {
      store.insertLead(
        {
          publicId: 'new',
          messageId: '<new@iconia.test>',
          kind: 'contact',
          name: 'Asha',
          mobile: '9123456789',
          attribution: {
            source: 'contact-form',
            page: '/contact',
            utm_source: 'facebook',
            fbclid: 'IwAR0abc',
            landingPage: '/location',
            referrer: 'https://l.facebook.com/',
          },
          receivedAt: START_TIME + 1,
          spam: false,
        },
        0,
      );

      expect(store.findByPublicId('old')?.attribution).toEqual({
        source: 'brochure-modal',
        page: '/gallery',
        utm_source: 'google',
        gclid: 'Cj0KCQ',
      });
      expect(store.findByPublicId('new')?.attribution).toEqual({
        source: 'contact-form',
        page: '/contact',
        utm_source: 'facebook',
        fbclid: 'IwAR0abc',
        landingPage: '/location',
        referrer: 'https://l.facebook.com/',
      });
    } finally {
      store.close();
    }
  });
});
