import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupLeadApi } from '../test/lead-api.ts';
import { submitLead } from './api-client.ts';

const api = setupLeadApi();

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const LEAD = { name: 'Ravi', mobile: '9876543210', plotRange: '' };

describe('submitLead', () => {
  it('when sent URL-encoded, then the body is form-URL-encoded to the brochure endpoint', async () => {
    await submitLead('brochure', LEAD, 'urlencoded');
    expect(api.received).toEqual([
      { endpoint: '/send-email', encoding: 'urlencoded', fields: LEAD },
    ]);
  });

  it('when sent multipart, then the body is multipart form data to the contact endpoint', async () => {
    await submitLead(
      'contact',
      { name: 'Ravi', mobile: '9876543210', location: 'Hyderabad' },
      'multipart',
    );
    expect(api.received).toEqual([
      {
        endpoint: '/contact-form',
        encoding: 'multipart',
        fields: { name: 'Ravi', mobile: '9876543210', location: 'Hyderabad' },
      },
    ]);
  });

  it('when the reply is "success" with spaces around it, then it is a success', async () => {
    api.replyWith('\n success \n');
    expect(await submitLead('brochure', LEAD, 'multipart')).toEqual({ status: 'success' });
  });

  it('when the reply is "Success" and the caller matches exactly, then it is a rejection', async () => {
    api.replyWith('Success');
    expect(await submitLead('brochure', LEAD, 'multipart')).toEqual({
      status: 'rejected',
      text: 'Success',
    });
  });

  it('when the reply is "Success" and the caller ignores case, then it is a success', async () => {
    api.replyWith('Success');
    expect(await submitLead('brochure', LEAD, 'multipart', { caseInsensitive: true })).toEqual({
      status: 'success',
    });
  });

  it('when the server refuses, then its text comes back trimmed', async () => {
    api.replyWith(' Please enter your name. ', 400);
    expect(await submitLead('brochure', LEAD, 'multipart')).toEqual({
      status: 'rejected',
      text: 'Please enter your name.',
    });
  });

  it('when a proxy answers with an HTML error page, then the visitor gets its status, not markup', async () => {
    api.replyWith('<html><body><h1>502 Bad Gateway</h1></body></html>', 502, 'text/html');
    expect(await submitLead('brochure', LEAD, 'multipart')).toEqual({
      status: 'rejected',
      text: '502 Bad Gateway',
    });
  });

  it('when the connection fails, then it is a network failure', async () => {
    api.failNetwork();
    expect(await submitLead('brochure', LEAD, 'multipart')).toEqual({ status: 'network' });
  });

  it('when the server does not answer in time, then it is a network failure', async () => {
    api.hold();
    expect(await submitLead('brochure', LEAD, 'multipart', { timeoutMs: 50 })).toEqual({
      status: 'network',
    });
  });

  it('when no API origin is configured, then the lead goes to the page’s own origin', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await submitLead('brochure', LEAD, 'multipart');
    expect((fetchSpy.mock.calls[0]?.[0] as URL).href).toBe('http://localhost:3000/send-email');
  });

  it('when the build names an API origin, then the lead goes there', async () => {
    vi.stubEnv('VITE_API_ORIGIN', 'https://api.eleganticonia.example/');
    vi.resetModules();
    const client = await import('./api-client.ts');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    expect(await client.submitLead('contact', LEAD, 'multipart')).toEqual({ status: 'success' });
    expect((fetchSpy.mock.calls[0]?.[0] as URL).href).toBe(
      'https://api.eleganticonia.example/contact-form',
    );
  });
});
