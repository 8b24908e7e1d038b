// The routes the screens link to; packages/app mounts the screens on the same paths.
export { LOGIN_PATH } from '@vitrine/auth';

export const DASHBOARD_PATH = '/dashboard';
export const PASSWORD_RESET_REQUEST_PATH = '/senha/recuperar';
export const PASSWORD_RESET_CONFIRM_PATH = '/senha/redefinir';
export const STOREFRONT_PATH = '/';
