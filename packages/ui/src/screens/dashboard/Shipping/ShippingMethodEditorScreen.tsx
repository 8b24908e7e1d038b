// The shipping method editor with real data ('dashboard/frete/novo' and 'dashboard/frete/:id',
// ADMIN only): the method read whole (shippingMethod), shippingMethods for a new method's position
// and the store's threshold, shippingCarriers (which carriers this server may ask for quotes),
// shippingMethodCreate / Update / Delete with the server's errors at their fields, the leave guard
// while unsaved, and the simulator of the saved methods (?cep=&peso= in the URL, as on the list).
import { useMutation, useQuery } from '@apollo/client';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import { readServerError } from '../../shared/graphqlErrors';
import { useLeaveGuard } from '../../../components/dashboard/LeaveDialog';
import { ShippingMethodEditorView } from './ShippingMethodEditorView';
import {
  emptyShippingForm,
  formFieldOf,
  formFromMethod,
  formToInput,
  inputFromMethod,
  type ShippingFieldErrors,
  type ShippingForm,
} from './shippingForm';
import {
  SHIPPING_CARRIERS_QUERY,
  SHIPPING_ME_QUERY,
  SHIPPING_METHOD_CREATE_MUTATION,
  SHIPPING_METHOD_DELETE_MUTATION,
  SHIPPING_METHOD_QUERY,
  SHIPPING_METHOD_UPDATE_MUTATION,
  SHIPPING_METHODS_QUERY,
  type ShippingMethod,
} from './ShippingScreen.graphql';
import { SHIPPING_ERROR } from './ShippingMethodsScreen';
import { useShippingSimulation } from './useShippingSimulation';

const FIX_FIELDS = 'Corrija os campos destacados.';

/** The editor's queries (who is signed in, the methods, the method, the carriers) and mutations. */
function useShippingEditorData(id: string | undefined, creating: boolean) {
  const me = useQuery(SHIPPING_ME_QUERY);
  const role = me.data?.me.role ?? null;
  const admin = role === 'ADMIN';
  const list = useQuery(SHIPPING_METHODS_QUERY, {
    fetchPolicy: 'cache-and-network',
    skip: !admin,
  });
  const one = useQuery(SHIPPING_METHOD_QUERY, {
    variables: { id: id ?? '' },
    fetchPolicy: 'cache-and-network',
    skip: !admin || creating,
  });
  // Whether each carrier is configured on this server: the editor says so under its choice.
  const carriers = useQuery(SHIPPING_CARRIERS_QUERY, { skip: !admin });
  const [create] = useMutation(SHIPPING_METHOD_CREATE_MUTATION);
  const [update] = useMutation(SHIPPING_METHOD_UPDATE_MUTATION);
  const [remove] = useMutation(SHIPPING_METHOD_DELETE_MUTATION);
  return { me, role, admin, list, one, carriers, create, update, remove };
}

/** A new method's position: after the last one. */
function nextPosition(methods: readonly { position: number }[]): number {
  return methods.reduce((max, item) => Math.max(max, item.position + 1), 0);
}

/** The server's error at its field (with 'Corrija os campos destacados.'), or over the form. */
function serverErrorShown(
  error: unknown,
  fieldMap: Record<string, string>,
): { errors: ShippingFieldErrors; formError: string } {
  const read = readServerError(error as Error);
  const field = formFieldOf(read.field, fieldMap);
  return field === 'form' || field === 'id'
    ? { errors: {}, formError: read.message }
    : { errors: { [field]: read.message }, formError: FIX_FIELDS };
}

export function ShippingMethodEditorScreen() {
  const { id } = useParams<{ id: string }>();
  const creating = id === undefined;
  const navigate = useNavigate();
  const { me, role, admin, list, one, carriers, create, update, remove } = useShippingEditorData(
    id,
    creating,
  );
  const simulation = useShippingSimulation(admin);

  const methods = list.data?.shippingMethods ?? null;
  const found = creating ? null : (one.data?.shippingMethod ?? null);
  const [saved, setSaved] = useState<ShippingMethod | null>(null);
  const method = saved !== null && saved.id === id ? saved : found;

  const [baseline, setBaseline] = useState<{ key: string; form: ShippingForm } | null>(null);
  const [form, setForm] = useState<ShippingForm | null>(null);
  const [errors, setErrors] = useState<ShippingFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  // The form starts from the method (or a blank one) once the list has answered.
  const key = creating ? 'novo' : (id ?? '');
  if (methods !== null && baseline?.key !== key && (creating || found)) {
    const start = found ? formFromMethod(found) : emptyShippingForm(nextPosition(methods));
    setBaseline({ key, form: start });
    setForm(start);
    setErrors({});
    setFormError(null);
  }

  const dirty =
    form !== null && baseline !== null && JSON.stringify(form) !== JSON.stringify(baseline.form);
  const guard = useLeaveGuard(dirty);
  const updateForm = useCallback(
    (change: (current: ShippingForm) => ShippingForm) =>
      setForm((current) => (current === null ? current : change(current))),
    [setForm],
  );

  function applyError(error: unknown, fieldMap: Record<string, string>) {
    const shown = serverErrorShown(error, fieldMap);
    setErrors(shown.errors);
    setFormError(shown.formError);
  }

  async function save() {
    if (form === null) return;
    const { input, errors: typed, fieldMap } = formToInput(form);
    if (Object.keys(typed).length > 0) {
      setErrors(typed);
      setFormError(FIX_FIELDS);
      return;
    }
    setSaving(true);
    try {
      const result =
        method === null
          ? (await create({ variables: { input } })).data?.shippingMethodCreate
          : (await update({ variables: { id: method.id, input } })).data?.shippingMethodUpdate;
      if (!result) throw new Error('Sem resposta do servidor.');
      const next = formFromMethod(result);
      setSaved(result);
      setErrors({});
      setFormError(null);
      setNotice(`${result.name} salva.`);
      guard.release();
      await list.refetch();
      if (method === null) {
        setBaseline({ key: result.id, form: next });
        setForm(next);
        navigate(dashboardPaths.shippingMethod(result.id), { replace: true });
      } else {
        setBaseline({ key, form: next });
        setForm(next);
      }
      void simulation.refetch();
    } catch (error) {
      applyError(error, fieldMap);
    } finally {
      setSaving(false);
    }
  }

  async function setActive(active: boolean) {
    if (method === null) return;
    try {
      const result = (
        await update({ variables: { id: method.id, input: inputFromMethod(method, { active }) } })
      ).data?.shippingMethodUpdate;
      if (result) {
        setSaved(result);
        setForm((current) => (current ? { ...current, active } : current));
        setBaseline((current) =>
          current ? { ...current, form: { ...current.form, active } } : current,
        );
        setNotice(active ? `${result.name} ativada.` : `${result.name} desativada.`);
      }
      await list.refetch();
      void simulation.refetch();
    } catch (error) {
      throw new Error(readServerError(error as Error).message);
    }
  }

  async function deleteMethod() {
    if (method === null) return;
    try {
      await remove({ variables: { id: method.id } });
    } catch (error) {
      throw new Error(readServerError(error as Error).message);
    }
    guard.release();
    await list.refetch();
    navigate(dashboardPaths.shipping);
  }

  const loadError = me.error ?? list.error ?? one.error;
  return (
    <ShippingMethodEditorView
      method={method}
      form={form}
      onChange={updateForm}
      errors={errors}
      formError={formError}
      storeThresholdCents={list.data?.storeSettings.freeShippingThresholdCents ?? null}
      carriers={carriers.data?.shippingCarriers ?? null}
      saving={saving}
      onSave={() => void save()}
      onSetActive={setActive}
      onDelete={deleteMethod}
      loading={me.loading || list.loading || one.loading}
      error={loadError ? SHIPPING_ERROR : null}
      onRetry={() => void (me.error ? me.refetch() : list.error ? list.refetch() : one.refetch())}
      forbidden={role !== null && !admin}
      notFound={!creating && one.data !== undefined && method === null}
      notice={notice}
      onNoticeClose={() => setNotice(null)}
      leaveAsking={guard.asking}
      onLeave={guard.proceed}
      onStay={guard.stay}
      simulator={{
        values: simulation.values,
        state: simulation.state,
        onSimulate: simulation.simulate,
      }}
    />
  );
}
