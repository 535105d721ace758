// Error reports to Sentry never carry a request's body, cookies or query string (a password, a client secret, a session).
import { describe, expect, it } from 'vitest';
import { withoutRequestSecrets } from './sentry';

describe('Sentry error reports', () => {
  it('drop the request body, cookies, query string and cookie/authorization headers; keep the method, URL and other headers', () => {
    const event = withoutRequestSecrets({
      message: 'boom',
      request: {
        method: 'POST', url: 'https://coachwell.test/api/district/sso',
        data: '{"client_secret":"s3cret"}', cookies: { 'coachwell.sid': 'abc' }, query_string: 'token=one-time',
        headers: { cookie: 'coachwell.sid=abc', authorization: 'Bearer x', 'user-agent': 'UA' },
      },
    });
    expect(event).toEqual({
      message: 'boom',
      request: { method: 'POST', url: 'https://coachwell.test/api/district/sso', headers: { 'user-agent': 'UA' } },
    });
    expect(JSON.stringify(event)).not.toContain('s3cret');
    const bare: { message: string; request?: undefined } = { message: 'no request' };
    expect(withoutRequestSecrets(bare)).toEqual({ message: 'no request' });
  });
});
