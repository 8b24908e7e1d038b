import { installmentOffer, pixDiscountCents } from '@vitrine/rules';
import { describe, expect, it } from 'vitest';

import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BLOCKED_EMAIL,
  catalogMock,
  checkoutMock,
  GRAPHQL_DOMAIN_FIELDS,
  graphqlApi,
  handlerList,
  makeAccessToken,
  makeStoreSettings,
  paymentsMock,
  schema,
  settingsMock,
} from '.';
import { CHECKOUT_VARIANTS } from './checkout/checkout.fixtures';
import { makeStorefrontCatalog } from './catalog/storefront.fixtures';
import { server } from './server';

interface GraphqlResult {
  data?: Record<string, unknown> | null;
  errors?: { message: string; path?: string[] }[];
}

async function postGraphql(
  query: string,
  headers: Record<string, string> = {},
  variables: Record<string, unknown> = {},
) {
  const response = await fetch('http://localhost/graphql/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlResult;
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

describe('GraphQL mock by domain', () => {
  it('gives every root field of the committed schema to exactly one domain', () => {
    const schemaFields = [
      ...Object.keys(schema.getQueryType()?.getFields() ?? {}),
      ...Object.keys(schema.getMutationType()?.getFields() ?? {}),
    ].sort();
    const domainFields = Object.values(GRAPHQL_DOMAIN_FIELDS).flat().sort();
    expect(domainFields).toEqual(schemaFields);
  });

  it('answers one operation spanning domains, each field by its domain', async () => {
    server.use(...settingsMock.answers({ storeName: 'Casa Aurora' }));
    const result = await postGraphql(
      '{ storeSettings { storeName } brands { slug } products(first: 1) { totalCount } }',
    );
    expect(result).toEqual({
      data: {
        storeSettings: { storeName: 'Casa Aurora' },
        brands: [{ slug: 'aurora' }],
        products: { totalCount: 1 },
      },
    });
  });

  it('fails the fields of an overridden domain while the other domains still answer', async () => {
    server.use(...catalogMock.fails());
    const result = await postGraphql(
      '{ storeSettings { storeName } brand(slug: "aurora") { name } }',
    );
    expect(result.data).toEqual({ storeSettings: { storeName: 'Vitrine' }, brand: null });
    expect(result.errors).toEqual([
      expect.objectContaining({ message: 'Erro interno do servidor.', path: ['brand'] }),
    ]);
    expect(await postGraphql('{ addressByCep(postalCode: "01310100") { city } }')).toEqual({
      data: { addressByCep: { city: 'São Paulo' } },
    });
  });

  it('takes down only the operations that ask for a domain that is down', async () => {
    server.use(...handlerList({ catalog: catalogMock.down() }));
    await expect(postGraphql('{ brands { slug } }')).rejects.toThrow();
    expect(await postGraphql('{ storeSettings { storeName } }')).toEqual({
      data: { storeSettings: { storeName: 'Vitrine' } },
    });
    server.use(...handlerList(graphqlApi.down()));
    await expect(postGraphql('{ storeSettings { storeName } }')).rejects.toThrow();
  });

  it('prices a cart with the server rules of @vitrine/rules, on the catalog domain products', async () => {
    const catalog = makeStorefrontCatalog();
    server.use(
      ...catalogMock.answers(catalog),
      ...settingsMock.answers(makeStoreSettings({ pixDiscountPercent: 7.5 })),
      ...checkoutMock.answers({
        coupons: [{ code: 'TROCO', discount: { type: 'fixed', amountCents: 1001 } }],
      }),
      // Installments exist only with a card to pay them with.
      ...paymentsMock.answers({ methods: ['PIX', 'CARD', 'BOLETO'] }),
    );
    const result = await postGraphql(
      `query Preview($items: [CartItemInput!]!) {
        cartPreview(items: $items, postalCode: "69900-000", couponCode: " troco ") {
          subtotalCents discountCents shippingCents totalCents pixDiscountCents pixTotalCents
          installments { count firstInstallmentCents perInstallmentCents }
        }
      }`,
      {},
      { items: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }] },
    );
    const merchandise = 2 * 7990 - 1001;
    const pix = pixDiscountCents(merchandise, 7.5);
    const offer = installmentOffer(merchandise + 2990, {
      maxInstallments: 10,
      minInstallmentCents: 5000,
    });
    expect(result.data?.['cartPreview']).toEqual({
      subtotalCents: 15980,
      discountCents: 1001,
      // The fixture quote for 69900-000 (PAC R$ 29,90), below the free-shipping threshold.
      shippingCents: 2990,
      totalCents: merchandise + 2990,
      pixDiscountCents: pix,
      pixTotalCents: merchandise - pix + 2990,
      installments: {
        count: offer.count,
        firstInstallmentCents: offer.firstInstallmentCents,
        perInstallmentCents: offer.perInstallmentCents,
      },
    });
  });

  it('places a card order at the plan the preview offered, its interest in the total (as the server)', async () => {
    server.use(
      ...catalogMock.answers(makeStorefrontCatalog()),
      ...settingsMock.answers(
        makeStoreSettings({
          installments: {
            maxInstallments: 3,
            minInstallmentCents: 500,
            maxInstallmentsWithInterest: 12,
            monthlyInterestPercent: 1.99,
          },
        }),
      ),
      ...paymentsMock.answers({ methods: ['PIX', 'CARD', 'BOLETO'] }),
    );
    const items = [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }];
    const preview = await postGraphql(
      `query Preview($items: [CartItemInput!]!) {
        cartPreview(items: $items, postalCode: "01310-100", shippingMethodId: "pac") {
          totalCents installmentOptions { count totalCents interestCents }
        }
      }`,
      {},
      { items },
    );
    const previewed = preview.data?.['cartPreview'] as {
      totalCents: number;
      installmentOptions: { count: number; totalCents: number; interestCents: number }[];
    };
    const plan = previewed.installmentOptions.find((option) => option.count === 6)!;
    expect(plan.interestCents).toBeGreaterThan(0);
    const placed = await postGraphql(
      `mutation Place($input: PlaceOrderInput!) {
        placeOrder(input: $input) { totalCents installments interestCents pixDiscountCents }
      }`,
      {},
      {
        input: {
          items,
          customer: {
            name: 'Maria da Silva',
            email: 'maria@example.com',
            cpf: '529.982.247-25',
            phone: '(11) 98765-4321',
          },
          address: {
            postalCode: '01310-100',
            street: 'Avenida Paulista',
            number: '1000',
            district: 'Bela Vista',
            city: 'São Paulo',
            uf: 'SP',
          },
          shippingMethodId: 'pac',
          paymentMethod: 'CARD',
          installments: 6,
          idempotencyKey: 'mock-card-plan',
        },
      },
    );
    expect(placed.data?.['placeOrder']).toEqual({
      totalCents: plan.totalCents,
      installments: 6,
      interestCents: plan.interestCents,
      pixDiscountCents: 0,
    });
    expect(plan.totalCents - plan.interestCents).toBe(previewed.totalCents);
  });

  it('offers no installments on a cart when no card can be paid (Pix only, as without a gateway)', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    const result = await postGraphql(
      `query Preview($items: [CartItemInput!]!) {
        cartPreview(items: $items) { totalCents installments { count perInstallmentCents } }
      }`,
      {},
      { items: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 2 }] },
    );
    expect(result.data?.['cartPreview']).toEqual({
      totalCents: 15980,
      installments: { count: 1, perInstallmentCents: 15980 },
    });
  });

  it('answers an unknown coupon with the server rule message', async () => {
    server.use(...catalogMock.answers(makeStorefrontCatalog()));
    const result = await postGraphql(
      `query Preview($items: [CartItemInput!]!) {
        cartPreview(items: $items, couponCode: "NATAL2019") { couponError coupon { code } }
      }`,
      {},
      { items: [{ variantId: CHECKOUT_VARIANTS.shirtM, quantity: 1 }] },
    );
    expect(result.data?.['cartPreview']).toEqual({
      couponError: 'Cupom não encontrado.',
      coupon: null,
    });
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
