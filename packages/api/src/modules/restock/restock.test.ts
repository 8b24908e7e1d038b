// "Avise-me quando chegar" (issue 12, item 11): request, double opt-in, one mail through the
// outbox when the stock comes back (then the request is gone), unconfirmed requests deleted after
// 48 hours, and the throttle per client address and per e-mail.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { variants } from '../catalog/catalog.tables';
import { mailOutbox } from '../mail/mail.tables';
import { ONE_TIME_TOKEN_MARK } from '../mail/mail.service';
import { orders } from '../orders/orders.tables';
import { expireUnpaidOrders } from '../checkout/pixExpiry';
import {
  insertFixtureOrder,
  seedFixtureCatalog,
  type FixtureCatalog,
  type FixtureVariant,
} from '../orders/orders.fixtures';
import {
  RESTOCK_CONFIRMATION_TTL_MS,
  RESTOCK_REQUESTS_PER_CLIENT,
  RESTOCK_REQUESTS_PER_EMAIL,
  RESTOCK_WINDOW_MS,
  sweepRestockAlerts,
} from './restock.service';
import { restockAlerts } from './restock.tables';

const REQUEST = /* GraphQL */ `
  mutation Ask($variantId: ID!, $email: String!) {
    requestRestockAlert(variantId: $variantId, email: $email)
  }
`;
const CONFIRM = /* GraphQL */ `
  mutation Confirm($token: String!) {
    confirmRestockAlert(token: $token) {
      productName
      productSlug
      size
      alreadyConfirmed
    }
  }
`;

let ctx: TestContext;
let catalog: FixtureCatalog;
let client = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  catalog = await seedFixtureCatalog(ctx.db);
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.db.delete(restockAlerts);
  await ctx.db.delete(mailOutbox);
  await setStock(catalog.shirt.id, 0);
  // Each test from its own address, a fresh window.
  client += 1;
  ctx.clock.advance(RESTOCK_WINDOW_MS + 1);
});

async function setStock(variantId: string, stock: number) {
  await ctx.db.update(variants).set({ stock }).where(eq(variants.id, variantId));
}

async function post(query: string, variables: Record<string, unknown>, remoteAddress?: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/graphql/',
    remoteAddress: remoteAddress ?? `10.0.0.${client}`,
    payload: { query, variables },
  });
  return response.json() as {
    data: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions: Record<string, unknown> }>;
  };
}

const ask = (email: string, variantId = catalog.shirt.id, remoteAddress?: string) =>
  post(REQUEST, { variantId, email }, remoteAddress);

async function outbox(to: string) {
  return ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
}

/**
 * The token of the confirmation link mailed to `to`: as delivered (the outbox keeps only the mark
 * where the token goes; the token is drawn when the mail is sent).
 */
async function confirmationToken(to: string): Promise<string> {
  const stored = (await outbox(to)).filter((mail) => mail.subject.startsWith('Confirme'));
  expect(stored).toHaveLength(1);
  expect(stored[0]!.textBody, 'the outbox holds no working link').toContain(
    `/avise-me/confirmar?token=${ONE_TIME_TOKEN_MARK}`,
  );
  await ctx.app.mail.flush();
  const delivered = ctx.mail.sent.filter(
    (mail) => mail.to === to && mail.subject.startsWith('Confirme'),
  );
  const match = /\/avise-me\/confirmar\?token=([\w-]+)/.exec(delivered.at(-1)?.text ?? '');
  expect(match, 'the delivered mail carries the confirmation link').not.toBeNull();
  expect(stored[0]!.textBody).not.toContain(match![1]!);
  return match![1]!;
}

const sweep = () =>
  sweepRestockAlerts(ctx.db, {
    now: ctx.clock.now(),
    publicUrl: ctx.config.publicUrl,
    storeName: 'Vitrine',
  });

describe('requestRestockAlert', () => {
  it('refuses a bad e-mail and a variant in stock with BAD_USER_INPUT, in Portuguese', async () => {
    const bad = await ask('não é e-mail');
    expect(bad.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toMatch(/e-mail válido/);
    await setStock(catalog.shirt.id, 3);
    const inStock = await ask('ana@example.com');
    expect(inStock.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(inStock.errors?.[0]?.message).toMatch(/disponível/);
    const unknown = await ask('ana@example.com', '00000000-0000-4000-8000-000000000000');
    expect(unknown.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(await ctx.db.select().from(restockAlerts)).toHaveLength(0);
  });

  it('records the request and writes a confirmation mail with a single-use link; the link again says it is confirmed already', async () => {
    const answer = await ask('  Ana@Example.com ');
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({ requestRestockAlert: true });
    const [row] = await ctx.db.select().from(restockAlerts);
    expect(row).toMatchObject({ email: 'ana@example.com', confirmedAt: null });
    const token = await confirmationToken('ana@example.com');
    expect(row!.tokenHash, 'only a hash of the token is kept').not.toContain(token);

    const confirmed = await post(CONFIRM, { token });
    expect(confirmed.errors).toBeUndefined();
    const watched = {
      productName: catalog.shirt.productName,
      productSlug: expect.any(String),
      size: 'M',
    };
    expect(confirmed.data).toEqual({
      confirmRestockAlert: { ...watched, alreadyConfirmed: false },
    });
    const [confirmedRow] = await ctx.db.select().from(restockAlerts);
    expect(confirmedRow!.confirmedAt).not.toBeNull();

    // A reload, a second click, later on: "already confirmed", and nothing changes.
    ctx.clock.advance(60 * 60_000);
    const again = await post(CONFIRM, { token });
    expect(again.errors).toBeUndefined();
    expect(again.data).toEqual({ confirmRestockAlert: { ...watched, alreadyConfirmed: true } });
    const [afterAgain] = await ctx.db.select().from(restockAlerts);
    expect(afterAgain).toEqual(confirmedRow);

    // A token that is no link of ours is still refused.
    const forged = await post(CONFIRM, { token: `${token.slice(0, -2)}xx` });
    expect(forged.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(forged.errors?.[0]?.message).toMatch(/inválido, já foi usado ou expirou/);
  });

  it('keeps a confirmed link from doing more: asking again mails no new link, and once the alert is sent the link is invalid', async () => {
    await ask('lia@example.com');
    const token = await confirmationToken('lia@example.com');
    expect((await post(CONFIRM, { token })).errors).toBeUndefined();
    const [before] = await ctx.db.select().from(restockAlerts);
    await ctx.db.delete(mailOutbox);
    expect((await ask('lia@example.com')).errors).toBeUndefined();
    expect(await outbox('lia@example.com'), 'no new link for a confirmed alert').toHaveLength(0);
    const [after] = await ctx.db.select().from(restockAlerts);
    expect(after!.tokenHash, 'the confirmed link stays the one').toBe(before!.tokenHash);
    expect(
      (
        (await post(CONFIRM, { token })).data as {
          confirmRestockAlert: { alreadyConfirmed: boolean };
        }
      ).confirmRestockAlert.alreadyConfirmed,
    ).toBe(true);

    await setStock(catalog.shirt.id, 3);
    expect((await sweep()).notified).toBe(1);
    const sent = await post(CONFIRM, { token });
    expect(sent.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('mails once through the outbox when the stock comes back, and deletes the request right after', async () => {
    await ask('bia@example.com');
    await post(CONFIRM, { token: await confirmationToken('bia@example.com') });

    // Still sold out: nothing.
    expect(await sweep()).toEqual({ notified: 0, expired: 0 });
    expect(await ctx.db.select().from(restockAlerts)).toHaveLength(1);

    // Stock back (a staff edit, a canceled order: the sweep reads the stock, whatever raised it).
    await setStock(catalog.shirt.id, 2);
    expect(await sweep()).toEqual({ notified: 1, expired: 0 });
    const arrived = await ctx.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Chegou:%'));
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.toAddress).toBe('bia@example.com');
    expect(arrived[0]!.textBody).toContain(`${ctx.config.publicUrl}/produto/`);
    expect(await ctx.db.select().from(restockAlerts), 'the address is gone').toHaveLength(0);

    // Sold out and back again: no second mail.
    await setStock(catalog.shirt.id, 0);
    await setStock(catalog.shirt.id, 5);
    expect(await sweep()).toEqual({ notified: 0, expired: 0 });
    expect(
      await ctx.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'Chegou:%')),
    ).toHaveLength(1);
  });

  it('an unconfirmed request is never mailed, and is deleted after 48 hours (its link then fails)', async () => {
    await ask('caio@example.com');
    const token = await confirmationToken('caio@example.com');
    await setStock(catalog.shirt.id, 4);
    expect(await sweep()).toEqual({ notified: 0, expired: 0 });
    ctx.clock.advance(RESTOCK_CONFIRMATION_TTL_MS - 60_000);
    expect((await sweep()).expired).toBe(0);
    ctx.clock.advance(2 * 60_000);
    expect(await sweep()).toEqual({ notified: 0, expired: 1 });
    expect(await ctx.db.select().from(restockAlerts)).toHaveLength(0);
    const late = await post(CONFIRM, { token });
    expect(late.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(
      await ctx.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'Chegou:%')),
    ).toHaveLength(0);
  });

  it('asking again before confirming sends a new link (the old one stops working); once confirmed, no more mails', async () => {
    await ask('duda@example.com');
    const first = await confirmationToken('duda@example.com');
    await ctx.db.delete(mailOutbox);
    await ask('duda@example.com');
    const second = await confirmationToken('duda@example.com');
    expect(second).not.toBe(first);
    expect((await post(CONFIRM, { token: first })).errors?.[0]?.extensions.code).toBe(
      'BAD_USER_INPUT',
    );
    expect((await post(CONFIRM, { token: second })).errors).toBeUndefined();
    await ctx.db.delete(mailOutbox);
    expect((await ask('duda@example.com')).data).toEqual({ requestRestockAlert: true });
    expect(await outbox('duda@example.com'), 'no mail to a confirmed address').toHaveLength(0);
    expect(await ctx.db.select().from(restockAlerts)).toHaveLength(1);
  });

  it(`throttles ${RESTOCK_REQUESTS_PER_EMAIL} requests per e-mail and ${RESTOCK_REQUESTS_PER_CLIENT} per client address an hour (RATE_LIMITED)`, async () => {
    for (let index = 0; index < RESTOCK_REQUESTS_PER_EMAIL; index += 1) {
      const answer = await ask('eva@example.com', catalog.shirt.id, `10.1.${client}.${index}`);
      expect(answer.errors).toBeUndefined();
    }
    const perEmail = await ask('eva@example.com', catalog.shirt.id, '10.2.0.1');
    expect(perEmail.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    expect(perEmail.errors?.[0]?.extensions.retryAfterSeconds).toBeGreaterThan(0);
    expect(perEmail.errors?.[0]?.message).toMatch(/^Muitos pedidos de aviso/);

    const address = `10.3.${client}.1`;
    for (let index = 0; index < RESTOCK_REQUESTS_PER_CLIENT; index += 1) {
      expect((await ask(`cliente${index}@example.com`, catalog.shirt.id, address)).errors).toBe(
        undefined,
      );
    }
    const perClient = await ask('outra@example.com', catalog.shirt.id, address);
    expect(perClient.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    expect(await outbox('outra@example.com'), 'no mail when refused').toHaveLength(0);
  });
});

describe('whatever raises the stock', () => {
  async function confirmedAlert(email: string, variant: FixtureVariant) {
    expect((await ask(email, variant.id)).errors).toBeUndefined();
    const token = await confirmationToken(email);
    expect((await post(CONFIRM, { token })).errors).toBeUndefined();
  }
  const arrivedFor = async (to: string) =>
    (await outbox(to)).filter((mail) => mail.subject.startsWith('Chegou:'));

  it("a staff member's stock adjustment brings the one mail", async () => {
    await setStock(catalog.cap.id, 0);
    await confirmedAlert('fabi@example.com', catalog.cap);
    const { admin } = await signInStaffRoles(ctx);
    const adjusted = await graphql(
      ctx.app,
      /* GraphQL */ `
        mutation ($variantId: ID!) {
          stockAdjust(variantId: $variantId, delta: 4, reason: "Reposição") {
            stock
          }
        }
      `,
      { variantId: catalog.cap.id },
      admin.token,
    );
    expect(adjusted.body.errors).toBeUndefined();
    expect(await sweep()).toEqual({ notified: 1, expired: 0 });
    expect(await arrivedFor('fabi@example.com')).toHaveLength(1);
    expect(await ctx.db.select().from(restockAlerts)).toHaveLength(0);
  });

  it('an unpaid order that expires returns its units, and the mail goes once', async () => {
    await setStock(catalog.sneaker.id, 1);
    const placedAt = new Date(ctx.clock.now());
    const order = await insertFixtureOrder(ctx.db, {
      lines: [{ variant: catalog.sneaker, quantity: 1 }],
      status: 'PENDING_PAYMENT',
      paymentMethod: 'PIX',
      createdAt: placedAt,
      takeStock: true,
    });
    // The Pix hold: 30 minutes.
    await ctx.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(placedAt.getTime() + 30 * 60_000) })
      .where(eq(orders.id, order.id));
    const [sneaker] = await ctx.db
      .select({ stock: variants.stock })
      .from(variants)
      .where(eq(variants.id, catalog.sneaker.id));
    expect(sneaker!.stock, 'the order holds the last unit').toBe(0);
    await confirmedAlert('gui@example.com', catalog.sneaker);
    expect(await sweep()).toEqual({ notified: 0, expired: 0 });

    const expired = await expireUnpaidOrders(
      ctx.db,
      new Date(placedAt.getTime() + 2 * 24 * 60 * 60_000),
      ctx.config.publicUrl,
    );
    expect(expired).toBe(1);
    expect(await sweep()).toEqual({ notified: 1, expired: 0 });
    expect(await sweep()).toEqual({ notified: 0, expired: 0 });
    expect(await arrivedFor('gui@example.com')).toHaveLength(1);
  });
});
