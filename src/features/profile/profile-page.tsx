// /profile: identity and avatar, the four editable groups, linked socials and the call-back request.
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { profileFormMachine } from '../../../machines/profile-form/profile-form.machine';
import {
  selectInfo,
  selectIsReady,
  selectLoadFailed,
  selectError,
} from '../../../machines/profile-form/profile-form.selectors';
import type { LoadedProfile, SaveProfileInput } from '../../../machines/profile-form/profile-form.types';
import { Button } from '../../ui/button';
import { useAppActors } from '../../actors/app-actors';
import { Card, EmptyState, LoadingRegion, PageHeader, Skeleton } from '../../ui/primitives';
import { IdentityCard } from './avatar-card';
import { CallbackCard } from './callback-card';
import { ContactsGroup, NotificationsGroup, PersonalGroup, StudyGroup } from './profile-groups';
import { ProfileFormProvider, useProfileForm } from './profile-form-fields';
import * as s from './profile.css';
import { cluster, stack } from '../../ui/layout.css';
import { SocialsCard } from './socials-card';
import { DevicesSection } from './devices-section';
import { TwoFactorSection } from './two-factor-section';
import { AccountSections } from './account-section';
import { t } from './strings';
import { loadProfile, saveProfile } from './values';

const formActors = {
  loadProfile: fromPromise<LoadedProfile, void>(loadProfile),
  saveProfile: fromPromise<LoadedProfile, SaveProfileInput>(({ input }) => saveProfile(input)),
};

export function ProfilePage() {
  const actor = useActorRef(profileFormMachine.provide({ actors: formActors }));
  const ready = useSelector(actor, selectIsReady);
  const loadFailed = useSelector(actor, selectLoadFailed);

  return (
    <div className={stack[5]}>
      <PageHeader title={t.profile.title} description={t.profile.lead} />
      <ProfileFormProvider actor={actor}>
        {ready ? <ProfileContent /> : loadFailed ? <LoadFailed /> : <ProfileSkeleton />}
      </ProfileFormProvider>
    </div>
  );
}

function ProfileContent() {
  const actor = useProfileForm();
  const info = useSelector(actor, selectInfo);
  // Read once for the identity card and the call-back form's defaults (the saved values, not the draft).
  const fio = useSelector(actor, (x) => x.context.saved?.fio ?? '');
  const phone = useSelector(actor, (x) => x.context.saved?.phone ?? '');
  // The header shows the customer's name: keep it in step with what was saved.
  const { session } = useAppActors();
  useEffect(() => {
    if (fio) session.send({ type: 'session.userChanged', fio });
  }, [fio, session]);
  return (
    <>
      <IdentityCard fio={fio} email={info?.email ?? ''} />
      {/* In reading order; on wide screens two per row. */}
      <div className={s.columns}>
        <PersonalGroup />
        <StudyGroup />
        <ContactsGroup />
        <NotificationsGroup />
        <SocialsCard socials={info?.socials ?? []} />
        <CallbackCard phone={phone} name={fio} />
      </div>
      <TwoFactorSection />
      <DevicesSection />
      <AccountSections />
    </>
  );
}

function LoadFailed() {
  const actor = useProfileForm();
  const error = useSelector(actor, selectError);
  return (
    <EmptyState
      icon="alertCircle"
      tone="danger"
      title={t.profile.loadFailed}
      actions={<Button onClick={() => actor.send({ type: 'profile.retry' })}>{t.profile.retry}</Button>}
    >
      {error?.message}
    </EmptyState>
  );
}

function ProfileSkeleton() {
  return (
    <LoadingRegion>
      <div className={stack[5]}>
        <Card>
          <div className={cluster[4]}>
            <Skeleton width={112} height={112} radius="50%" />
            <div className={s.identityText} style={{ flex: 1 }}>
              <Skeleton width="40%" height={24} />
              <Skeleton width="60%" />
            </div>
          </div>
        </Card>
        <div className={s.columns}>
          {[0, 1].map((i) => (
            <Card key={i}>
              <div className={stack[4]}>
                <Skeleton width="30%" height={22} />
                {[0, 1, 2].map((j) => (
                  <Skeleton key={j} height={44} radius={8} />
                ))}
              </div>
            </Card>
          ))}
        </div>
      </div>
    </LoadingRegion>
  );
}
