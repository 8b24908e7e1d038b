// Puts a signed-in staff session in the browser's storage, as a login would.
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@vitrine/auth';

import { makeStaff } from '../mocks/auth/staff.fixtures';
import { makeAccessToken, makeRefreshToken } from '../mocks/auth/jwt';

export function signInAsStaff({ remember = false }: { remember?: boolean } = {}): void {
  const staff = makeStaff();
  window.sessionStorage.setItem(ACCESS_TOKEN_KEY, makeAccessToken(staff.id, staff.email));
  const store = remember ? window.localStorage : window.sessionStorage;
  store.setItem(REFRESH_TOKEN_KEY, makeRefreshToken(staff.id, staff.email));
}

export function clearSession(): void {
  window.sessionStorage.clear();
  window.localStorage.clear();
}
