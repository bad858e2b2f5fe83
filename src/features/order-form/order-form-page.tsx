import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import {
  selectDraftStatus,
  selectError,
  selectFieldErrors,
  selectFilesWithoutQc,
  selectHasUnsavedDraft,
  selectIsEditable,
  selectIsSubmitting,
  selectOrderId,
  selectPhase,
  selectProblems,
  selectRestored,
  selectResult,
} from '../../../machines/order-form/order-form.selectors';
import { FORM_FIELDS, type FormField, type FormMode } from '../../../machines/order-form/order-form.types';
import { useAppActors } from '../../actors/app-actors';
import { useNotify } from '../../actors/hooks';
import { useAction } from '../../actors/use-action';
import { ORDER_THANKS_MESSAGE } from '../../lib/messages';
import { Alert, FormErrorSummary, type SummaryItem } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { Checkbox } from '../../ui/field';
import { EmptyState, LoadingRegion, PageHeader, Skeleton, Spinner } from '../../ui/primitives';
import { orderChanged } from '../../actors/open-order';
import { setFilesWithoutQc } from './api';
import { FileField } from './file-field';
import { DetailFields, WorkFields, fieldId } from './form-fields';
import { OrderFormContext, useOrderForm } from './form-context';
import { provideOrderForm } from './io';
import * as s from './order-form.css';
import { row as inline, stack } from '../../ui/layout.css';
import { visuallyHidden } from '../../ui/primitives.css';
import { PricePanel } from './price-panel';
import { t } from './strings';
import { useIsOffline } from '../../actors/connectivity';

/**
 * The one order form: /order-new and /order-continue[/id] (a draft saved as the customer types) and
 * /order/{id}/edit (the order's fields; only what changed is sent).
 */
export function OrderFormPage({ mode, id }: { mode: FormMode; id?: number | undefined }) {
  const { session } = useAppActors();
  const machine = useMemo(
    () => provideOrderForm({ bonusAvailable: () => session.getSnapshot().context.finances?.bonus ?? 0 }),
    [session],
  );
  const actor = useActorRef(machine, { input: { mode, id: id ?? null } });
  useDraftFlush(actor);
  useNavigateWhenDone(actor, mode);

  const phase = useSelector(actor, selectPhase);
  return (
    <OrderFormContext.Provider value={actor}>
      <PageHeader title={t.title[mode]} description={t.lead[mode]} />
      {phase === 'loading' || phase === 'done' ? (
        <FormSkeleton />
      ) : phase === 'loadFailed' ? (
        <LoadFailed />
      ) : (
        <FormBody mode={mode} />
      )}
    </OrderFormContext.Provider>
  );
}

type Actor = ReturnType<typeof useOrderForm>;

/** A draft typed but not yet saved is sent (keepalive) when the tab is hidden or closed, or the page is left. */
function useDraftFlush(actor: Actor) {
  useEffect(() => {
    const flush = () => {
      if (selectHasUnsavedDraft(actor.getSnapshot())) actor.send({ type: 'draft.flush' });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [actor]);
  // A layout effect's cleanup runs before the actor is stopped (a passive effect): the save starts in time.
  useLayoutEffect(
    () => () => {
      if (selectHasUnsavedDraft(actor.getSnapshot())) actor.send({ type: 'draft.flush' });
    },
    [actor],
  );
}

function useNavigateWhenDone(actor: Actor, mode: FormMode) {
  const result = useSelector(actor, selectResult);
  const loadStatus = useSelector(actor, (st) =>
    st.matches('loadFailed') ? (st.context.error?.status ?? 0) : null,
  );
  const navigate = useNavigate();
  const notify = useNotify();
  const { orderLoader } = useAppActors();

  useEffect(() => {
    // Spec point 2: an order (or draft) that cannot be found is not found.
    if (loadStatus === 404) void navigate({ to: '/404', replace: true });
  }, [loadStatus, navigate]);

  useEffect(() => {
    if (!result) return;
    const params = { id: result.orderId };
    if (mode === 'edit') {
      // The order page must not open the copy cached before the edit.
      orderChanged(orderLoader, result.orderId);
      notify('success', t.saved);
      void navigate({ to: '/order/$id', params });
      return;
    }
    // The thank-you message: the root turns ?msg= into the info dialog and sends its analytics goal.
    void navigate({
      to: result.isFirstOrder ? '/order/$id/success' : '/order/$id/welcome',
      params,
      search: { source: 'new_order', msg: ORDER_THANKS_MESSAGE },
      replace: true,
    });
  }, [result, mode, navigate, notify, orderLoader]);
}

function FormSkeleton() {
  return (
    <LoadingRegion>
      <div className={s.layout}>
        <div className={stack[5]}>
          {[220, 160, 120].map((h) => (
            <Skeleton key={h} height={h} radius={12} />
          ))}
        </div>
        <Skeleton height={200} radius={12} />
      </div>
    </LoadingRegion>
  );
}

function LoadFailed() {
  const actor = useOrderForm();
  const error = useSelector(actor, selectError);
  return (
    <EmptyState
      icon="alertCircle"
      tone="danger"
      title={t.load.failedTitle}
      actions={
        <>
          <Button onClick={() => actor.send({ type: 'form.retry' })}>{t.retry}</Button>
          <ButtonLink to="/home" variant="secondary">
            {t.load.back}
          </ButtonLink>
        </>
      }
    >
      {error?.message}
    </EmptyState>
  );
}

function FormBody({ mode }: { mode: FormMode }) {
  const actor = useOrderForm();
  const submitting = useSelector(actor, selectIsSubmitting);
  // Needs the server: disabled while "Нет соединения" shows (docs/features.md "Offline").
  const offline = useIsOffline();
  const restored = useSelector(actor, selectRestored);
  const isEditable = useSelector(actor, selectIsEditable);
  const orderId = useSelector(actor, selectOrderId);

  return (
    <div className={s.layout}>
      <form
        id="order-form"
        className={`${stack[5]} ${s.formArea}`}
        noValidate
        aria-busy={submitting || undefined}
        aria-labelledby="order-form-title"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <h2 id="order-form-title" className={visuallyHidden}>
          {t.title[mode]}
        </h2>
        <Problems />
        {mode !== 'edit' && restored && (
          <Alert tone="info" live="status">
            {t.draft.restored}{' '}
            <button
              type="button"
              className={s.linkButton}
              onClick={() => actor.send({ type: 'draft.reset' })}
            >
              {t.draft.restart}
            </button>
          </Alert>
        )}
        {mode === 'edit' && !isEditable && <Alert tone="warning">{t.notEditable}</Alert>}
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>{t.sections.work}</legend>
          <WorkFields />
        </fieldset>
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>{t.sections.details}</legend>
          <DetailFields />
        </fieldset>
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>{t.sections.files}</legend>
          <FileField disabled={submitting} />
        </fieldset>
        {mode === 'edit' && orderId !== null && <QualityCheck orderId={orderId} />}
      </form>
      <aside className={`${s.aside} ${s.asideArea}`}>
        <PricePanel withBonus={mode !== 'edit'} />
      </aside>
      <div className={`${s.actions} ${s.actionsArea}`}>
        <Button type="submit" form="order-form" size="lg" loading={submitting} disabled={offline}>
          {t.submit[mode]}
        </Button>
        {mode === 'edit' && orderId !== null && (
          <ButtonLink to="/order/$id" params={{ id: orderId }} variant="ghost" size="lg">
            {t.cancelEdit}
          </ButtonLink>
        )}
        <DraftStatus />
      </div>
    </div>
  );
}

/** The client problems and the server's field errors above the form (each a link to its field), or the refusal. */
function Problems() {
  const actor = useOrderForm();
  const phase = useSelector(actor, selectPhase);
  const problems = useSelector(actor, selectProblems);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const error = useSelector(actor, selectError);

  if (phase === 'failed' && error) {
    return (
      <div className={stack[5]}>
        <FormErrorSummary title={t.submitFailed} detail={error.message} />
        <div>
          <Button variant="secondary" onClick={() => actor.send({ type: 'form.retry' })}>
            {t.retry}
          </Button>
        </div>
      </div>
    );
  }
  if (phase !== 'invalid') return null;
  const items: SummaryItem[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    // The promo code's field lives in the price panel (id order-promo).
    const id = key === 'promo_code' ? 'order-promo' : fieldId(key);
    const known = (FORM_FIELDS as readonly string[]).includes(key) || key === 'promo_code';
    for (const message of messages) items.push(known ? { message, fieldId: id } : { message });
  }
  for (const field of FORM_FIELDS) {
    const problem = problems[field];
    if (problem && !fieldErrors[field])
      items.push({ message: t.problems[problem](field as FormField), fieldId: fieldId(field) });
  }
  return <FormErrorSummary title={t.errorSummary} items={items} />;
}

function DraftStatus() {
  const actor = useOrderForm();
  const status = useSelector(actor, selectDraftStatus);
  if (status === null) return null;
  const busy = status === 'saving' || status === 'resetting';
  return (
    <div className={s.draftBar}>
      <span className={inline[2]} role="status" data-testid="draft-status" data-state={status}>
        {busy && <Spinner size={14} />}
        {t.draft[status]}
      </span>
    </div>
  );
}

/** PATCH {id}/not-editable-order/: the customer may take the writer's files without the quality check. */
function QualityCheck({ orderId }: { orderId: number }) {
  const actor = useOrderForm();
  const initial = useSelector(actor, selectFilesWithoutQc);
  const notify = useNotify();
  const { orderLoader } = useAppActors();
  const saving = useAction({
    call: setFilesWithoutQc,
    onDone: (order) => {
      orderChanged(orderLoader, orderId);
      notify('success', order.files_without_qc ? t.qc.on : t.qc.off);
    },
    onError: (error) => notify('error', error.message),
  });
  // Optimistic: the value asked for while it is saved, the server's after; a refusal puts back the one before.
  const asked = saving.args?.[1];
  const checked =
    asked === undefined
      ? initial
      : saving.done && saving.result
        ? saving.result.files_without_qc
        : saving.error
          ? !asked
          : asked;

  return (
    <Checkbox
      id="order-files-without-qc"
      label={t.qc.label}
      hint={t.qc.hint}
      checked={checked}
      disabled={saving.busy}
      onChange={(e) => saving.run(orderId, e.target.checked)}
    />
  );
}
