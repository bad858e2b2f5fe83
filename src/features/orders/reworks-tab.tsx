import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { REWORK_COMMENT } from '../../../contract/orders';
import type { CreateReworkRequest, OrderFile, Rework, UploadedFile } from '../../../contract/orders.api';
import { reworkFormMachine } from '../../../machines/rework-form/rework-form.machine';
import {
  selectError,
  selectFieldErrors,
  selectIsSent,
  selectIsSubmitting,
} from '../../../machines/rework-form/rework-form.selectors';
import { selectUploaded } from '../../../machines/order-files/order-files.selectors';
import { formatDateTime, formatShortDay, lastDayBefore } from '../../lib/dates';
import { Alert, FormErrorSummary } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Badge, Card, EmptyState, LoadingRegion, Skeleton } from '../../ui/primitives';
import { useResource } from '../../actors/resource';
import { createRework, downloadFile, fetchPreview, fetchRework, fetchReworks } from './api';
import * as s from './orders.css';
import { cluster, grid, text } from '../../ui/layout.css';
import { reworkBounds, reworkErrors, type ReworkDraft } from './rework-rules';
import { t } from './strings';
import { DropZone, UploadList, useUploadQueue } from './upload-queue';
import { useInvalidateOrder, useOpenOrder } from './use-open-order';
import { canPreview, preloadViewer, usePreview } from '../../ui/preview/use-preview';
import { t as previewText } from '../../ui/preview/strings';

type Loaded =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: Rework[] };

/** /order/{id}/reworks: ask for a rework (comment, files, deadline), the list of requests with their answers. */
export function OrderReworksTab() {
  const order = useOpenOrder();
  const orderId = order?.id ?? 0;
  // The order's reworks_count changes with every request and answer: the list follows it (the rows stay meanwhile).
  const version = `${order?.reworks_count ?? 0}|${order?.updated_at ?? ''}`;
  const reworks = useResource(
    (key, signal) => (key.orderId ? fetchReworks(key.orderId, signal) : Promise.resolve(null)),
    { orderId, version },
  );
  const list: Loaded = reworks.latest
    ? { status: 'ready', items: reworks.latest.results }
    : reworks.error
      ? { status: 'error', message: reworks.error.message }
      : { status: 'loading' };
  const [justSent, setJustSent] = useState(false);
  const markSent = useCallback(() => setJustSent(true), []);

  if (!order) return null;
  return (
    <div className={s.reworkLayout}>
      <Card as="section" aria-labelledby="rework-new-title">
        <h2 id="rework-new-title" className={text.title} style={{ marginBottom: 16 }}>
          {t.reworks.newTitle}
        </h2>
        {justSent && !order.can_request_rework ? (
          // The request moved the order to 'rework', which closes the form: the confirmation stays.
          <Alert tone="success" live="status">
            {t.reworks.sent}
          </Alert>
        ) : order.can_request_rework ? (
          <ReworkForm orderId={order.id} guaranteeUntil={order.guarantee_until} onSent={markSent} />
        ) : (
          <Alert tone="info">{t.reworks.unavailable}</Alert>
        )}
      </Card>
      <section aria-labelledby="reworks-title" className={s.stack}>
        <h2 id="reworks-title" className={text.title}>
          {t.reworks.title}
        </h2>
        {list.status === 'loading' ? (
          <LoadingRegion>
            <Skeleton height="96px" radius="12px" />
          </LoadingRegion>
        ) : list.status === 'error' ? (
          <Alert tone="danger" live="alert" title={t.reworks.loadFailed}>
            <p>{list.message}</p>
            <Button size="sm" variant="secondary" onClick={reworks.reload}>
              {t.retry}
            </Button>
          </Alert>
        ) : list.items.length === 0 ? (
          <EmptyState icon="refresh" title={t.reworks.empty} titleAs="h3">
            {t.reworks.emptyText}
          </EmptyState>
        ) : (
          <ul className={s.list} data-testid="reworks">
            {list.items.map((rework) => (
              <ReworkItem key={rework.id} orderId={order.id} rework={rework} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const statusTone = { new: 'info', in_progress: 'primary', done: 'success' } as const;

/** A request; "Подробнее" loads its detail (GET reworks/{id}/) with the writer's answer. */
function ReworkItem({ orderId, rework }: { orderId: number; rework: Rework }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  // Read on every opening (closed, nothing is read) and again when the list's copy changes while open (an answer
  // came). A failed read is not shown: the list's copy stands in for it, as it does while the read runs.
  const fetched = useResource(
    (key, signal) => (key.open ? fetchRework(key.orderId, key.listed.id, signal) : Promise.resolve(null)),
    { orderId, open, listed: rework },
  );
  // The detail while it is open and fresh; the list's copy otherwise.
  const detail = (open && fetched.data) || rework;

  return (
    <li className={s.reworkItem}>
      <div className={cluster[2]}>
        <Badge tone={statusTone[detail.status]}>{t.reworks.status[detail.status]}</Badge>
        <span className={s.rowNumber}>
          {t.reworks.created}: {formatDateTime(detail.created_at)} · {t.reworks.until}:{' '}
          {formatShortDay(detail.deadline)}
        </span>
      </div>
      <p className={s.reworkComment}>{detail.comment}</p>
      <div>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t.reworks.hide : t.reworks.show}
        </Button>
      </div>
      <div id={detailId} hidden={!open}>
        {detail.files.length > 0 && <ReworkFiles orderId={orderId} files={detail.files} />}
        <h3 className={text.label}>{t.reworks.answer}</h3>
        <p className={detail.answer ? s.reworkAnswer : text.muted}>{detail.answer ?? t.reworks.noAnswer}</p>
      </div>
    </li>
  );
}

/** A request's files; "Просмотр" opens the viewer over the order's files (the arrows walk all of them). */
function ReworkFiles({ orderId, files }: { orderId: number; files: Rework['files'] }) {
  const orderFiles = useOpenOrder()?.files;
  const io = useMemo(
    () => ({
      load: (fileId: number, signal: AbortSignal) => fetchPreview(orderId, fileId, signal),
      download: (file: OrderFile) => downloadFile(orderId, file),
    }),
    [orderId],
  );
  const preview = usePreview(
    orderFiles && files.every((f) => orderFiles.some((o) => o.id === f.id)) ? orderFiles : files,
    io,
  );
  return (
    <>
      <ul className={s.reworkFiles} aria-label={t.reworks.files}>
        {files.map((f) => (
          <li key={f.id} className={cluster[2]}>
            <span className={text.muted}>{f.name}</span>
            {canPreview(f) && (
              <Button
                size="sm"
                variant="ghost"
                aria-label={previewText.previewLabel(f.name)}
                onPointerEnter={preloadViewer}
                onFocus={preloadViewer}
                onClick={() => preview.open(f.id)}
              >
                {previewText.preview}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {preview.element}
    </>
  );
}

function ReworkForm({
  orderId,
  guaranteeUntil,
  onSent,
}: {
  orderId: number;
  guaranteeUntil: string | null;
  onSent: () => void;
}) {
  const invalidate = useInvalidateOrder();
  const form = useActorRef(
    reworkFormMachine.provide({
      actors: {
        createRework: fromPromise<Rework, { orderId: number; request: CreateReworkRequest }>(({ input }) =>
          createRework(input.orderId, input.request),
        ),
      },
    }),
    { input: { orderId } },
  );
  const submitting = useSelector(form, selectIsSubmitting);
  const sent = useSelector(form, selectIsSent);
  const serverError = useSelector(form, selectError);
  const serverFields = useSelector(form, selectFieldErrors);
  const queue = useUploadQueue('POST /api/client/orders/ajax-files/', {}, () => {});
  const uploaded = useSelector(queue, selectUploaded) as UploadedFile[];

  const bounds = reworkBounds(guaranteeUntil);
  const [draft, setDraft] = useState<ReworkDraft>({ comment: '', deadline: '' });
  const [shown, setShown] = useState<Partial<Record<keyof ReworkDraft, string>>>({});
  const commentId = useId();

  useEffect(() => {
    if (!sent) return;
    onSent();
    invalidate(orderId);
  }, [sent, invalidate, orderId, onSent]);

  const submit = useCallback(() => {
    const errors = reworkErrors(draft, bounds);
    setShown(errors);
    if (Object.keys(errors).length > 0) return;
    form.send({
      type: 'rework.submit',
      request: {
        comment: draft.comment.trim(),
        deadline: draft.deadline,
        ...(uploaded.length ? { file_ids: uploaded.map((f) => f.id) } : {}),
      },
    });
  }, [draft, bounds, form, uploaded]);

  if (sent) {
    return (
      <div className={s.stack}>
        <Alert tone="success" live="status">
          {t.reworks.sent}
        </Alert>
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft({ comment: '', deadline: '' });
              form.send({ type: 'rework.reset' });
            }}
          >
            {t.reworks.another}
          </Button>
        </div>
      </div>
    );
  }

  const commentError = shown.comment ?? serverFields?.comment?.join(' ');
  const deadlineError = shown.deadline ?? serverFields?.deadline?.join(' ');
  const detail = serverError && !serverFields ? serverError.message : null;

  return (
    <form
      className={grid[4]}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormErrorSummary detail={detail} focusOnShow />
      <div className={grid[2]}>
        <label htmlFor={commentId} className={text.label}>
          {t.reworks.comment}
        </label>
        <textarea
          id={commentId}
          className={s.textarea}
          value={draft.comment}
          maxLength={REWORK_COMMENT.max}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={`${commentId}-hint${commentError ? ` ${commentId}-error` : ''}`}
          onChange={(e) => setDraft((d) => ({ ...d, comment: e.target.value }))}
        />
        {commentError && (
          <p id={`${commentId}-error`} className={text.danger}>
            {commentError}
          </p>
        )}
        <p id={`${commentId}-hint`} className={text.muted}>
          {t.reworks.commentHint(REWORK_COMMENT.min)}
        </p>
      </div>
      <TextField
        label={t.reworks.deadline}
        type="date"
        value={draft.deadline}
        min={bounds.min}
        max={lastDayBefore(bounds.max)}
        hint={t.reworks.deadlineHint(formatShortDay(bounds.min), formatShortDay(lastDayBefore(bounds.max)))}
        error={deadlineError}
        onChange={(e) => setDraft((d) => ({ ...d, deadline: e.target.value }))}
      />
      <div className={grid[2]}>
        <span className={text.label}>{t.reworks.attach}</span>
        <DropZone queue={queue} label={t.reworks.attach} />
        <UploadList queue={queue} />
      </div>
      <div>
        <Button type="submit" loading={submitting}>
          {t.reworks.submit}
        </Button>
      </div>
    </form>
  );
}
