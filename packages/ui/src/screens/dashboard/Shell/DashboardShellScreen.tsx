// The dashboard frame with real data: the staff member from `me`, the store's name, the brands they
// may narrow to (?marca=), the Pix waiting for a confirmation, the NF-e rejected, logout here or
// everywhere.
import { useApolloClient, useMutation, useQuery } from '@apollo/client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { installTwoFactorWatch } from '../../../apollo/twoFactorWatch';
import { useAuth } from '../../../auth';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { useOrderEvents } from '../../../live';
import { DEFAULT_STORE_NAME } from '../../shared/useStoreName';
import {
  isTwoFactorSetupRequiredError,
  TwoFactorSetupBanner,
  useTwoFactorGate,
} from '../Account/twoFactorGate';
import { useBrandScope } from '../shared/brandScope';
import {
  DASHBOARD_INVOICES_REJECTED_QUERY,
  DASHBOARD_PIX_TO_CONFIRM_QUERY,
  DASHBOARD_SHELL_BRANDS_QUERY,
  DASHBOARD_SHELL_QUERY,
  SIGN_OUT_EVERYWHERE_MUTATION,
} from './DashboardShellScreen.graphql';
import { DashboardShellView, type ShellBrand, type ShellStaff } from './DashboardShellView';

export interface DashboardShellScreenProps {
  /** The page; the nested route's element (<Outlet />) when omitted. */
  children?: ReactNode;
}

export function DashboardShellScreen({ children }: DashboardShellScreenProps) {
  const auth = useAuth();
  const client = useApolloClient();
  // Before the first page's queries go out: a refusal for a missing two-factor enrolment, from any
  // of them, sends the person to Minha conta (idempotent, once per client).
  useState(() => installTwoFactorWatch(client));
  const location = useLocation();
  const { brandId, setBrandId } = useBrandScope();
  // errorPolicy 'all': the store's name still shows if `me` fails.
  const { data, loading, error } = useQuery(DASHBOARD_SHELL_QUERY, { errorPolicy: 'all' });
  const me = data?.me ?? null;
  const role = me?.role;
  // The store requires two-factor sign-in and this account has not enrolled: Minha conta only.
  // Not skipped when `me` is missing because the API refused the frame's query for that reason.
  const twoFactorGate = useTwoFactorGate([error], {
    skip: me === null && !isTwoFactorSetupRequiredError(error),
  });
  const { data: brandsData } = useQuery(DASHBOARD_SHELL_BRANDS_QUERY, {
    errorPolicy: 'all',
    skip: me === null || twoFactorGate.required,
  });
  // Pix a conferir is the store's money: ADMIN only (the API refuses the others).
  const seesPix = role === 'ADMIN' && !twoFactorGate.required;
  const { data: pixData, refetch: refetchPix } = useQuery(DASHBOARD_PIX_TO_CONFIRM_QUERY, {
    variables: { brandId },
    errorPolicy: 'all',
    skip: !seesPix,
  });
  // The NF-e are ADMIN's and SUPPORT's (an invoice is the whole order's: no BRAND_MANAGER).
  const seesInvoices = (role === 'ADMIN' || role === 'SUPPORT') && !twoFactorGate.required;
  const { data: invoicesData, refetch: refetchInvoices } = useQuery(
    DASHBOARD_INVOICES_REJECTED_QUERY,
    { errorPolicy: 'all', skip: !seesInvoices },
  );
  // SEFAZ's answers come from the server's worker, with no order event: the badge is read again
  // on each move to another page (the NF-e list and the order page change it too).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (seesInvoices) void refetchInvoices().catch(() => undefined);
  }, [location.pathname, seesInvoices, refetchInvoices]);
  const [signOutEverywhere] = useMutation(SIGN_OUT_EVERYWHERE_MUTATION);
  // The badge follows the orders live: a Pix order placed, or one paid, changes the count.
  useOrderEvents(
    (event) => {
      if (event.type !== 'changed' || event.status !== 'PENDING_PAYMENT') void refetchPix();
    },
    { enabled: seesPix, onResync: () => void refetchPix() },
  );

  const tokenUser = auth.currentUser();
  const staff: ShellStaff | null = me
    ? me
    : !loading && tokenUser && (tokenUser.name ?? tokenUser.email)
      ? { name: tokenUser.name ?? tokenUser.email ?? '' }
      : null;

  const allBrands: ShellBrand[] = brandsData?.brands ?? [];
  const brands =
    role === 'BRAND_MANAGER'
      ? allBrands.filter((brand) => me?.brandIds.includes(brand.id))
      : role
        ? allBrands
        : [];

  function handleLogout() {
    auth.logout();
    // The next person on this computer must not see this person's cached data.
    void client.clearStore();
  }

  async function handleLogoutEverywhere() {
    const result = await signOutEverywhere();
    if (result.data?.signOutEverywhere !== true) throw new Error('signOutEverywhere refused');
    handleLogout();
  }

  return (
    <DashboardShellView
      storeName={data?.storeSettings?.storeName ?? DEFAULT_STORE_NAME}
      staff={staff}
      staffLoading={loading}
      onLogout={handleLogout}
      onLogoutEverywhere={handleLogoutEverywhere}
      currentPath={location.pathname}
      pixToConfirm={seesPix ? (pixData?.orders.totalCount ?? null) : null}
      rejectedInvoices={seesInvoices ? (invoicesData?.invoicing?.rejectedCount ?? null) : null}
      brands={brands}
      brandId={brandId}
      onBrandChange={setBrandId}
    >
      {twoFactorGate.required ? (
        location.pathname === dashboardPaths.account ? (
          <>
            <TwoFactorSetupBanner />
            {children ?? <Outlet />}
          </>
        ) : (
          <Navigate to={dashboardPaths.account} replace />
        )
      ) : (
        (children ?? <Outlet />)
      )}
    </DashboardShellView>
  );
}
