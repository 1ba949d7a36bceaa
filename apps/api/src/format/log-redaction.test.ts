import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('when a URL has no query and no long numbers, then it is logged as it is', () => {
    expect(redactUrl('/assets/index-B2x9z.js')).toBe('/assets/index-B2x9z.js');
    expect(redactUrl('/send-email')).toBe('/send-email');
  });

  it('when a form was submitted into the query string, then the values are dropped and the names kept', () => {
    expect(redactUrl('/?name=Ravi+Kumar&mobile=%2B91+98765+43210&agree=on')).toBe(
      '/?name=…&mobile=…&agree=…',
    );
  });

  it('when a path holds a long number, then it is masked like a mobile', () => {
    expect(redactUrl('/leads/9876543210/edit')).toBe('/leads/98xxxxxx10/edit');
  });
});
