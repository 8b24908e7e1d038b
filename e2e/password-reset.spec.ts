// The password-reset journey (SPEC 7's reset calls) from the dashboard's screens to the server.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL } from './support/env';

const NEUTRAL_CONFIRMATION =
  'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.';

/**
 * Opens a reset screen as a full page load, as the link in the mail does, and checks the app
 * stays there (the start-up refresh must not send a signed-out visitor to the login).
 */
async function openResetScreen(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).pathname, `a signed-out visitor stays on ${path}`).toBe(
    path.split('?')[0],
  );
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

async function requestReset(page: Page, email: string): Promise<void> {
  await openResetScreen(page, '/senha/recuperar', 'Recuperar senha');
  await page.getByLabel('E-mail').fill(email);
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/auth/password/reset/',
  );
  await page.getByRole('button', { name: 'Enviar link' }).click();
  expect((await answered).status()).toBe(200);
}

test('Password reset request on /senha/recuperar shows the same neutral confirmation for a known and an unknown e-mail', async ({
  page,
}) => {
  await requestReset(page, ADMIN_EMAIL);
  await expect(page.getByRole('status')).toHaveText(NEUTRAL_CONFIRMATION);
  const known = await page.locator('body').innerText();

  await requestReset(page, 'ninguem-aqui@e2e.test');
  await expect(page.getByRole('status')).toHaveText(NEUTRAL_CONFIRMATION);
  // Nothing on screen tells whether the account exists.
  expect(await page.locator('body').innerText()).toBe(known);
});

test('Password reset confirm with an invalid link token shows the Portuguese "invalid link" state as the page opens, before any password is typed', async ({
  page,
}) => {
  const checked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/auth/password/reset/check/',
  );
  await openResetScreen(
    page,
    '/senha/redefinir?token=este-token-nao-existe',
    'Link inválido ou expirado',
  );
  expect((await checked).status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(
    'Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo.',
  );
  await expect(page.getByLabel('Nova senha', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
});
