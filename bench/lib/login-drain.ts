// The attack bench's login case: one address, 8 connections, logins for random unknown e-mails
// (each a new account to the per-account limit), while a staff member signs in from other
// addresses and a shopper reads product pages; their p50/p99 quiet and under attack. The client
// addresses travel in X-Forwarded-For: the server must trust the load generator (TRUST_PROXY).
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { PRODUCTION_SCRYPT } from '../../packages/api/src/config';
import type { Database } from '../../packages/api/src/db';
import { PasswordHasher } from '../../packages/api/src/modules/staff/password';
import { insertStaff } from '../../packages/api/src/modules/staff/staff.repository';

export const DRAIN_STAFF_EMAIL = 'bench-login@vitrine.local';
const DRAIN_STAFF_PASSWORD = 'uma senha de bancada bem longa';
/** Connections of the attack (the report's 8) and of the measured shopper. */
const ATTACK_CONNECTIONS = 8;
const SHOPPER_CONNECTIONS = 2;
const ATTACKER_ADDRESS = '198.51.100.66';

/** The staff account that signs in during the case, hashed with the production parameters. */
export async function seedDrainStaff(db: Database): Promise<void> {
  await insertStaff(db, {
    email: DRAIN_STAFF_EMAIL,
    name: 'Bancada',
    role: 'SUPPORT',
    passwordHash: await new PasswordHasher(PRODUCTION_SCRYPT).hash(DRAIN_STAFF_PASSWORD),
  });
}

interface Measured {
  p50: number;
  p99: number;
  rps: number;
  codes: string;
}

function measure(
  url: string,
  requests: autocannon.Request[],
  connections: number,
  duration: number,
): Promise<Measured> {
  return new Promise((resolve, reject) => {
    // A login on a loaded machine may take many seconds: no request is given up on (autocannon's
    // 10 s time-out would drop exactly the slow answers this case measures).
    autocannon({ url, connections, duration, requests, timeout: 300 }, (error, result) => {
      if (error) return reject(error);
      resolve({
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.average,
        codes: Object.entries(result.statusCodeStats ?? {})
          .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
          .join(' '),
      });
    });
  });
}

function loginRequest(email: string, password: string, address: string): autocannon.Request {
  return {
    method: 'POST',
    path: '/auth/login/',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password, remember: false }),
  };
}

/**
 * Runs the case on the server at `url`, `duration` seconds quiet then as long under attack;
 * answers the table's rows (request, quiet p50/p99, under attack p50/p99, ratios, status codes
 * quiet → under attack).
 */
export async function loginDrain(
  url: string,
  productPage: (slug: string) => autocannon.Request,
  slugs: string[],
  duration: number,
): Promise<string[][]> {
  // The staff member signs in from 200 addresses in turn (an office's several people, so the
  // per-address cap never meets them), one login at a time; other addresses in each phase, so a
  // login the previous phase left under way is not mistaken for the same client's.
  const staffFrom = (network: string) =>
    Array.from({ length: 200 }, (_, i) =>
      loginRequest(DRAIN_STAFF_EMAIL, DRAIN_STAFF_PASSWORD, `${network}.${i + 1}`),
    );
  const shopper = slugs.map(productPage);
  // Each attack request a new unknown e-mail and password (setupRequest runs per request).
  const attack: autocannon.Request[] = [
    {
      ...loginRequest('x@x', 'x', ATTACKER_ADDRESS),
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          email: `${randomBytes(6).toString('hex')}@exemplo.com.br`,
          password: randomBytes(9).toString('base64url'),
          remember: false,
        }),
      }),
    },
  ];
  /** One staff login, waited for: also lets the hashes a phase left running end first. */
  const probe = async (address: string) => {
    const response = await fetch(`${url}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({
        email: DRAIN_STAFF_EMAIL,
        password: DRAIN_STAFF_PASSWORD,
        remember: false,
      }),
    });
    if (response.status !== 200) {
      throw new Error(`staff login: ${response.status} ${await response.text()}`);
    }
  };

  // Warm-up: the product pages' answers cached, as they are for the quiet phase's second half.
  await measure(url, shopper, SHOPPER_CONNECTIONS, 3);
  await probe('192.0.2.1');
  const [staffQuiet, shopperQuiet] = await Promise.all([
    measure(url, staffFrom('203.0.113'), 1, duration),
    measure(url, shopper, SHOPPER_CONNECTIONS, duration),
  ]);
  await probe('192.0.2.2');
  // The attack runs alone for a while first, so the phase sees its steady state (whatever queue
  // of hashes it builds), not its first seconds.
  const warmUp = Math.ceil(duration / 2);
  const attacking = measure(url, attack, ATTACK_CONNECTIONS, warmUp + duration);
  await new Promise((resolve) => setTimeout(resolve, warmUp * 1000));
  const [staffAttacked, shopperAttacked] = await Promise.all([
    measure(url, staffFrom('198.18.0'), 1, duration),
    measure(url, shopper, SHOPPER_CONNECTIONS, duration),
  ]);
  const attacker = await attacking;
  const ratio = (after: number, before: number) =>
    after > 0 && before > 0 ? `${(after / before).toFixed(2)}×` : '–';
  // No answer within the phase (all still waiting) shows as such, not as 0 ms.
  const latency = ({ p50, p99, codes }: Measured) =>
    codes ? `${p50} / ${p99}` : `none in ${duration} s`;
  const row = (name: string, quiet: Measured, attacked: Measured) => [
    name,
    latency(quiet),
    latency(attacked),
    `${ratio(attacked.p50, quiet.p50)} / ${ratio(attacked.p99, quiet.p99)}`,
    `${quiet.codes || 'none'} → ${attacked.codes || 'none'}`,
  ];
  return [
    row('staff login (another address, 1 connection)', staffQuiet!, staffAttacked!),
    row(`product page (${SHOPPER_CONNECTIONS} connections)`, shopperQuiet!, shopperAttacked!),
    [
      `  the attack: ${ATTACK_CONNECTIONS} connections, one address, random e-mails (from ${warmUp} s before)`,
      '',
      latency(attacker),
      `${attacker.rps.toFixed(1)} req/s`,
      attacker.codes,
    ],
  ];
}
