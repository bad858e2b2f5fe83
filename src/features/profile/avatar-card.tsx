// The identity card: avatar (choose → preview cropped or fitted → upload; delete), name and e-mail.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { profileAvatarMachine } from '../../../machines/profile-avatar/profile-avatar.machine';
import {
  selectAvatarUrl,
  selectChoice,
  selectError,
  selectHasAvatar,
  selectIsDeleting,
  selectIsLoading,
  selectIsUploading,
  selectLoadFailed,
} from '../../../machines/profile-avatar/profile-avatar.selectors';
import type {
  AvatarFit,
  AvatarUrls,
  UploadAvatarInput,
} from '../../../machines/profile-avatar/profile-avatar.types';
import { AVATAR_MAX_BYTES } from '../../../contract/profile';
import { Alert } from '../../ui/alert';
import { Button, buttonClass } from '../../ui/button';
import { Avatar, Card, Skeleton } from '../../ui/primitives';
import { deleteAvatar, fetchAvatars, uploadAvatar } from './api';
import { fitIntoSquare } from './fit-image';
import * as s from './profile.css';
import { cluster, text } from '../../ui/layout.css';
import { t } from './strings';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

const avatarActors = {
  loadAvatar: fromPromise<AvatarUrls, void>(async () => (await fetchAvatars()).avatars),
  uploadAvatar: fromPromise<AvatarUrls, UploadAvatarInput>(async ({ input }) => {
    const file = input.fit === 'contain' ? await fitIntoSquare(input.file) : input.file;
    return (await uploadAvatar(file, input.fit === 'contain' ? 'avatar.png' : fileName(input.file))).avatars;
  }),
  deleteAvatar: fromPromise<AvatarUrls, void>(async () => (await deleteAvatar()).avatars),
};

const fileName = (file: Blob) => (file instanceof File && file.name ? file.name : 'avatar');

export function IdentityCard({ fio, email }: { fio: string; email: string }) {
  const actor = useActorRef(
    profileAvatarMachine.provide({
      actors: avatarActors,
      actions: { releasePreview: (_, url) => url && URL.revokeObjectURL(url) },
    }),
  );
  return (
    <Card as="section" aria-label={t.avatar.title}>
      <div className={s.identity}>
        <AvatarBlock actor={actor} fio={fio} />
        <div className={s.identityText}>
          <p className={s.identityName}>{fio || email}</p>
          <p className={s.identityEmail}>{email}</p>
          <p>
            <Link to="/email-edit" className={s.textLink}>
              {t.fields.emailChange}
            </Link>
          </p>
        </div>
      </div>
    </Card>
  );
}

type AvatarActor = ReturnType<typeof useActorRef<typeof profileAvatarMachine>>;

function AvatarBlock({ actor, fio }: { actor: AvatarActor; fio: string }) {
  const loading = useSelector(actor, selectIsLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const url = useSelector(actor, selectAvatarUrl);
  const hasAvatar = useSelector(actor, selectHasAvatar);
  const choice = useSelector(actor, selectChoice);
  const uploading = useSelector(actor, selectIsUploading);
  const deleting = useSelector(actor, selectIsDeleting);
  const error = useSelector(actor, selectError);
  const [localError, setLocalError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const fitName = useId();

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after a cancel
    if (!file) return;
    if (!ACCEPT.split(',').includes(file.type)) return setLocalError(t.avatar.notImage);
    if (file.size > AVATAR_MAX_BYTES) return setLocalError(t.avatar.tooLarge);
    setLocalError(null);
    actor.send({ type: 'avatar.choose', file, previewUrl: URL.createObjectURL(file) });
  };

  const message = localError ?? (loadFailed ? t.avatar.loadFailed : error?.message) ?? null;

  return (
    <div className={cluster[4]}>
      {loading ? (
        <Skeleton width={112} height={112} radius="50%" />
      ) : choice ? (
        <figure className={s.avatarFrame}>
          <img
            src={choice.previewUrl}
            alt={t.avatar.preview}
            className={`${s.avatarImage} ${choice.fit === 'contain' ? s.fitContain : s.fitCover}`}
          />
        </figure>
      ) : (
        <Avatar name={url ? t.avatar.alt : fio || '?'} src={url} size={112} />
      )}
      <div className={s.avatarActions}>
        {choice ? (
          <>
            <fieldset className={s.fitChoice} disabled={uploading}>
              <legend className={s.legend}>{t.avatar.fitLegend}</legend>
              {(['cover', 'contain'] as AvatarFit[]).map((fit) => (
                <label key={fit} className={s.radio}>
                  <input
                    type="radio"
                    className={s.radioInput}
                    name={fitName}
                    value={fit}
                    checked={choice.fit === fit}
                    onChange={() => actor.send({ type: 'avatar.fit', fit })}
                  />
                  {t.avatar[fit]}
                </label>
              ))}
            </fieldset>
            <div className={cluster[2]}>
              <Button loading={uploading} onClick={() => actor.send({ type: 'avatar.upload' })}>
                {t.avatar.upload}
              </Button>
              <Button
                variant="secondary"
                disabled={uploading}
                onClick={() => actor.send({ type: 'avatar.cancel' })}
              >
                {t.avatar.cancel}
              </Button>
            </div>
          </>
        ) : loadFailed ? (
          <Button variant="secondary" onClick={() => actor.send({ type: 'avatar.retry' })}>
            {t.avatar.retry}
          </Button>
        ) : loading ? (
          // No picture can be chosen before the current one is known: the button's place is held, not offered.
          <Skeleton width={136} height={40} radius={8} />
        ) : (
          <div className={cluster[2]}>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPT}
              className={s.fileInput}
              onChange={onFile}
              disabled={deleting}
            />
            <label
              htmlFor={inputId}
              className={buttonClass({ variant: 'secondary', size: 'md' }, s.fileLabel)}
            >
              {t.avatar.choose}
            </label>
            {hasAvatar && (
              <Button
                variant="ghost"
                loading={deleting}
                onClick={() => actor.send({ type: 'avatar.delete' })}
              >
                {t.avatar.delete}
              </Button>
            )}
          </div>
        )}
        {!choice && <p className={text.muted}>{t.avatar.hint}</p>}
        {message && (
          <Alert tone="danger" live="alert">
            {message}
          </Alert>
        )}
      </div>
    </div>
  );
}
