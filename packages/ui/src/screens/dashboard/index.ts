// The dashboard area's screens: the staff shell, its home, sign-in and password reset.
export * from './Home';
export * from './Login';
export * from './PasswordResetRequest';
export * from './PasswordResetConfirm';
export * from './Shell';
