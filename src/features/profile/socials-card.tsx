// Linking a social network: POST → the provider's page (a full navigation) → back to /profile?msg=….
import { useAction } from '../../actors/use-action';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { Badge } from '../../ui/primitives';
import type { SocialNetwork } from '../../../contract/auth';
import { startSocialLink } from './api';
import * as s from './profile.css';
import { t } from './strings';
import { ProfileCard } from './profile-card';

export function SocialsCard({ socials }: { socials: { network: SocialNetwork; linked: boolean }[] }) {
  const linking = useAction({
    call: startSocialLink,
    onDone: ({ link: url }) => window.location.assign(url),
  });
  // After a success the provider's page is loading: the button stays busy until the tab leaves.
  const busy = linking.busy || linking.done ? (linking.args?.[0] ?? null) : null;
  const error = linking.error?.message ?? null;
  if (!socials.length) return null;

  return (
    <ProfileCard titleId="profile-socials-title" title={t.socials.title} lead={t.socials.lead}>
      <ul className={s.socialList}>
        {socials.map(({ network, linked }) => {
          const name = t.socials.names[network] ?? network;
          return (
            <li key={network} className={s.socialItem}>
              <span className={s.socialName}>{name}</span>
              {linked ? (
                <Badge tone="success">
                  <Icon name="check" size={14} />
                  {t.socials.linked}
                </Badge>
              ) : (
                <Button
                  variant="secondary"
                  aria-label={t.socials.linkLabel(name)}
                  loading={busy === network}
                  disabled={busy !== null && busy !== network}
                  onClick={() => linking.run(network)}
                >
                  {t.socials.link}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <Alert tone="danger" live="alert">
          {error}
        </Alert>
      )}
    </ProfileCard>
  );
}
