// The end-to-end server: the real API (in-memory PGlite, seeded with the demo catalog and the
// demo Pix key) serving the built app on one port.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The ViaCEP stand-in (cep-stand-in.mjs), started by playwright.config.ts beside the server. */
export const E2E_CEP_PORT = Number(process.env.E2E_CEP_PORT ?? E2E_PORT + 1);
export const CEP_STAND_IN_URL = `http://127.0.0.1:${E2E_CEP_PORT}`;
/** The SMTP stand-in (smtp-stand-in.mjs): the store's mails arrive there; listed over HTTP. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 2);
export const E2E_SMTP_HTTP_PORT = Number(process.env.E2E_SMTP_HTTP_PORT ?? E2E_PORT + 3);
export const SMTP_STAND_IN_URL = `http://127.0.0.1:${E2E_SMTP_HTTP_PORT}`;
/**
 * The Pix PSP's stand-in (API Pix v2 of the Banco Central; packages/api/src/modules/payments/
 * pix-psp/standin.ts): the bank of the second store server below. Its /_standin endpoints pay a
 * charge (and POST the bank's webhook to the store) and show what it holds.
 */
export const E2E_PIX_PSP_PORT = Number(process.env.E2E_PIX_PSP_PORT ?? E2E_PORT + 4);
export const PIX_PSP_STAND_IN_URL = `http://127.0.0.1:${E2E_PIX_PSP_PORT}`;
/** The second store server, whose Pix goes through the PSP (pix-bank.spec.ts). */
export const E2E_PIX_PORT = Number(process.env.E2E_PIX_PORT ?? E2E_PORT + 5);
export const PIX_BASE_URL = `http://127.0.0.1:${E2E_PIX_PORT}`;

/**
 * The carriers' stand-in (Melhor Envio and the Correios; packages/api/src/modules/shipping/
 * carriers/standin.ts): quotes by a simple rule and the SRO's events a journey sets through
 * /_standin/tracking. The main server quotes with the Correios there and reads their tracking.
 */
export const E2E_CARRIERS_PORT = Number(process.env.E2E_CARRIERS_PORT ?? E2E_PORT + 6);
export const CARRIERS_STAND_IN_URL = `http://127.0.0.1:${E2E_CARRIERS_PORT}`;
/** Where the store ships from (the carriers' quotes start there). */
export const SHIPPING_ORIGIN_CEP = '01001000';

// The first staff account, created by the server from ADMIN_EMAIL / ADMIN_PASSWORD at start.
export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'Vitrine-e2e-Qx7m!Lp24';
// The demo store's brand manager and support accounts (DEMO_STAFF_PASSWORD; staff.service.ts).
export const MANAGER_EMAIL = 'marcas@vitrine.local';
export const SUPPORT_EMAIL = 'atendimento@vitrine.local';
export const DEMO_STAFF_PASSWORD = 'Vitrine-e2e-Demo-Hn4v!Rt81';

/** Environment of the server under test. */
export const serverEnv: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(E2E_PORT),
  DATA_DIR: 'memory://',
  // The shopper's journeys buy from the demo catalog (images are drawn once into MEDIA_DIR).
  SEED_DEMO: 'true',
  // The CEP look-up goes to a local ViaCEP stand-in: it knows 20040-002 and is "down" (503) for
  // the other CEPs, so most journeys type their address, as when ViaCEP is out.
  ADDRESS_LOOKUP_URL: `${CEP_STAND_IN_URL}/ws/{cep}/json/`,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DEMO_STAFF_PASSWORD,
  PUBLIC_URL: BASE_URL,
  // Real SMTP to the local stand-in, so journeys read what the customer received.
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  // The server resolves these against its working directory; the e2e run starts from the root.
  // E2E_APP_DIST: a build of its own, when another process may rebuild dist/app meanwhile.
  APP_DIST: process.env.E2E_APP_DIST
    ? path.resolve(ROOT, process.env.E2E_APP_DIST)
    : path.join(ROOT, 'dist', 'app'),
  MEDIA_DIR: path.join(ROOT, 'test-results', 'e2e-media'),
  LOG_LEVEL: 'warn',
  // Every journey shops from 127.0.0.1 and the competing API orders share one CPF: the limits on
  // unpaid orders per address and per CPF are raised (checkout.limits.test.ts proves them).
  UNPAID_ORDERS_PER_CLIENT: '100',
  UNPAID_ORDERS_PER_CPF: '100',
  // ...and so is the share of a variant one guest may hold unpaid (off).
  VARIANT_HOLD_PERCENT: '0',
  // One browser walks every journey from 127.0.0.1: the budget of server time per address is off
  // (client-limits.test.ts proves it); its requests in flight stay bounded as in production.
  CLIENT_TIME_BUDGET_MS: '0',
  // ...and it signs staff in far more often than a person: the bound on sign-ins (password hashes)
  // per address and minute is off, or a quick run meets "Muitas tentativas" (login-cost.test.ts
  // proves the bound); the hour's bound (100) stays.
  LOGIN_HASHES_PER_CLIENT_PER_MINUTE: '0',
  // The Correios' contract at the carriers' stand-in: only a method that names a carrier is quoted
  // by it (carriers.spec.ts adds one and takes it away), and shipped orders' codes are read from
  // its SRO every 2 s (in production minutes), each again after 2 s.
  SHIPPING_ORIGIN_CEP,
  CORREIOS_URL: CARRIERS_STAND_IN_URL,
  CORREIOS_USER: 'standin',
  CORREIOS_ACCESS_CODE: 'standin-code',
  CORREIOS_POSTAGE_CARD: '0075000000',
  TRACKING_POLL_SECONDS: '2',
  TRACKING_RECHECK_SECONDS: '2',
  // A return's authorisation code from the stand-in's logística reversa (served under /reversa),
  // asked for within 2 s of the shopper's request.
  CORREIOS_REVERSE_URL: `${CARRIERS_STAND_IN_URL}/reversa`,
  RETURNS_POLL_SECONDS: '2',
};

// The application's credentials at the PSP's stand-in (it refuses others), and the store's Pix
// key, which the stand-in requires in every charge and in the webhook's registration: the demo
// seed's key (DEMO_PIX_KEY in packages/api/src/modules/checkout/checkout.seed.ts).
/**
 * The invoicing provider's stand-in (Focus NFe's API v2; packages/api/src/modules/invoices/
 * standin.ts): the second store issues its NF-e there (nfe.spec.ts). Its /_standin endpoints make
 * SEFAZ reject the next invoice and show what it holds.
 */
export const E2E_NFE_PORT = Number(process.env.E2E_NFE_PORT ?? E2E_PORT + 7);
export const NFE_STAND_IN_URL = `http://127.0.0.1:${E2E_NFE_PORT}`;
export const NFE_API_TOKEN = 'vitrine-e2e-nfe-token-Kp42';
/** The provider's webhook secret (sent in the Authorization header to /webhooks/nfe). */
export const NFE_WEBHOOK_SECRET = 'e2e-nfe-webhook-Tm58vQ2xLc';

export const PIX_PSP_CLIENT_ID = 'vitrine-e2e';
export const PIX_PSP_CLIENT_SECRET = 'vitrine-e2e-psp-secret-Wq83';
export const PIX_PSP_PIX_KEY = '5f84a4c5-c5cb-4599-9f13-7eb4d419dacc';
/** The webhook's shared secret (the store registers it in the URL as ?hmac=). */
export const PIX_WEBHOOK_SECRET = 'e2e-pix-webhook-Hd72kQz9vN';

/**
 * Environment of the second store server: the same store with Pix through the PSP's API (dynamic
 * charges, confirmed by the bank's webhook, refunds by Pix devolução) and NF-e through the
 * invoicing provider's stand-in (the demo's fiscal data: each paid order gets its invoice). The
 * main server keeps the static BR Code the other journeys check field by field (the key in 26/01,
 * the order number as the txid in 62/05, confirmed from the OFX statement), which a PSP's dynamic
 * code replaces, and issues no invoice.
 */
export const pixServerEnv: Record<string, string> = {
  ...serverEnv,
  PORT: String(E2E_PIX_PORT),
  PUBLIC_URL: PIX_BASE_URL,
  PIX_PSP_URL: PIX_PSP_STAND_IN_URL,
  PIX_PSP_CLIENT_ID,
  PIX_PSP_CLIENT_SECRET,
  PIX_WEBHOOK_SECRET,
  NFE_PROVIDER: 'focusnfe',
  NFE_API_URL: NFE_STAND_IN_URL,
  NFE_API_TOKEN,
  NFE_ENVIRONMENT: 'homologacao',
  NFE_WEBHOOK_SECRET,
  NFE_POLL_SECONDS: '2',
};
