// The staff roles as people read them, one name per role everywhere: the dashboard (menu, team,
// account), the invitation mail and the audit log. Names of functions, not of persons, so they
// read the same for anyone ("Gestão de marcas", not "Gerente de marca").
export type StaffRoleName = 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT';

export const STAFF_ROLE_LABELS: Readonly<Record<StaffRoleName, string>> = {
  ADMIN: 'Administração',
  BRAND_MANAGER: 'Gestão de marcas',
  SUPPORT: 'Atendimento',
};
