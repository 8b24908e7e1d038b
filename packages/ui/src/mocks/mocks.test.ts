import { describe, expect, it } from 'vitest';

import { ADMIN_EMAIL, ADMIN_PASSWORD, BLOCKED_EMAIL, makeAccessToken } from '.';

async function postGraphql(query: string, headers: Record<string, string> = {}) {
  const response = await fetch('http://localhost/graphql/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
}

describe('GraphQL mock', () => {
  it('answers a query that the committed schema allows', async () => {
    const result = await postGraphql('{ storeSettings { storeName } }');
    expect(result).toEqual({ data: { storeSettings: { storeName: 'Vitrine' } } });
  });

  it('fails a query asking for a field the server does not have', async () => {
    const result = await postGraphql('{ storeSettings { storeName slogan } }');
    expect(result.errors?.[0]?.message).toMatch(/Cannot query field "slogan"/);
  });

  it('refuses `me` without a bearer access token and answers it with one', async () => {
    const anonymous = await postGraphql('{ me { name } }');
    expect(anonymous.errors?.[0]?.message).toMatch(/Autenticação necessária/);

    const token = makeAccessToken('staff-1', ADMIN_EMAIL);
    const signedIn = await postGraphql('{ me { name } }', { Authorization: `Bearer ${token}` });
    expect(signedIn).toEqual({ data: { me: { name: 'Ana Souza' } } });
  });
});

describe('auth mock', () => {
  async function login(email: string, password: string) {
    return fetch('http://localhost/auth/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, remember: false }),
    });
  }

  it('signs the admin fixture in with tokens whose exp lies in the future', async () => {
    const response = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const body = (await response.json()) as { access: string; refresh: string };
    const payload = JSON.parse(atob(body.access.split('.')[1] ?? '')) as { exp: number };
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(body.refresh.split('.')).toHaveLength(3);
  });

  it('rate limits the blocked account with Retry-After', async () => {
    const response = await login(BLOCKED_EMAIL, 'qualquer-coisa');
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('30');
  });

  it('answers 401 with a Portuguese detail for a wrong password', async () => {
    const response = await login(ADMIN_EMAIL, 'errada');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: 'E-mail ou senha incorretos.' });
  });
});
