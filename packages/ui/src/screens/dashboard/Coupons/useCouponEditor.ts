// The coupon editor's state: the form and what is saved, each field's refusal (cleared as it is
// typed in), the page's error, saving, the notice and which confirmation is open.
import { useEffect, useState, type FormEvent } from 'react';

import { FIELD_ORDER, fieldId, isActionError } from './couponEditor';
import {
  emptyCouponForm,
  formFromCoupon,
  parseCouponForm,
  sameForm,
  type CouponFieldErrors,
  type CouponForm,
} from './couponForm';
import type { CouponEditorViewProps } from './CouponEditorView';
import type { CouponNode } from './CouponsScreen.graphql';

export type SetCouponField = <K extends keyof CouponForm>(
  key: K,
  value: CouponForm[K],
  errorField?: string,
) => void;

/** A field's id, whether it is refused and its message (or the hint). */
export type CouponFieldHelp = (
  field: string,
  text?: string,
) => { id: string; error: boolean; helperText: string | undefined };

export function useCouponEditor(
  props: Pick<CouponEditorViewProps, 'mode' | 'coupon' | 'onDirtyChange' | 'onSave' | 'notice'>,
) {
  const { mode, coupon, onDirtyChange } = props;
  const [form, setForm] = useState<CouponForm>(() =>
    coupon ? formFromCoupon(coupon) : emptyCouponForm(),
  );
  const [baseline, setBaseline] = useState<CouponForm>(form);
  const [errors, setErrors] = useState<CouponFieldErrors>({});
  const [pageError, setPageError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The news the previous page left ("Cupom X criado."), then this page's own.
  const [notice, setNotice] = useState<string | null>(props.notice ?? null);
  const [confirm, setConfirm] = useState<'active' | 'delete' | null>(null);
  const dirty = !sameForm(form, baseline);

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const set: SetCouponField = (key, value, errorField) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    const field = errorField ?? key;
    if (errors[field] !== undefined) {
      setErrors((previous) => {
        const next = { ...previous };
        delete next[field];
        return next;
      });
    }
  };

  function focusFirst(found: CouponFieldErrors) {
    const first = FIELD_ORDER.find((field) => found[field] !== undefined);
    if (first) {
      // After the error has rendered (aria-invalid and the message are read with the focus).
      setTimeout(() => document.getElementById(fieldId(first))?.focus(), 0);
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const parsed = parseCouponForm(form);
    setPageError(null);
    setErrors(parsed.errors);
    if (Object.keys(parsed.errors).length > 0) {
      focusFirst(parsed.errors);
      return;
    }
    setSaving(true);
    try {
      const saved = await props.onSave(parsed.input);
      const next = formFromCoupon(saved);
      setForm(next);
      setBaseline(next);
      setNotice(mode === 'new' ? `Cupom ${saved.code} criado.` : 'Alterações salvas.');
    } catch (rejected) {
      const failure = isActionError(rejected)
        ? rejected
        : { field: null, message: 'Não foi possível salvar agora. Tente novamente.' };
      if (failure.field !== null && FIELD_ORDER.includes(failure.field)) {
        const found = { [failure.field]: failure.message };
        setErrors(found);
        focusFirst(found);
      } else {
        setPageError(failure.message);
      }
    } finally {
      setSaving(false);
    }
  }

  /** The coupon was deactivated or reactivated: the form and the saved state follow. */
  function activeChanged(saved: CouponNode) {
    setForm((previous) => ({ ...previous, active: saved.active }));
    setBaseline((previous) => ({ ...previous, active: saved.active }));
    setNotice(saved.active ? `Cupom ${saved.code} reativado.` : `Cupom ${saved.code} desativado.`);
  }

  const help: CouponFieldHelp = (field, text) => ({
    id: fieldId(field),
    error: errors[field] !== undefined,
    helperText: errors[field] ?? text,
  });

  return {
    form,
    errors,
    pageError,
    saving,
    notice,
    setNotice,
    confirm,
    setConfirm,
    set,
    help,
    handleSubmit,
    activeChanged,
  };
}
