import { useEffect, useState } from 'react';
import type { SocialLink } from '../../../contract/socials.api';
import { ButtonAnchor } from '../../ui/button';
import { Skeleton } from '../../ui/primitives';
import * as s from './auth.css';
import { t } from './strings';

const marks: Record<string, { bg: string; letter: string }> = {
  vk: { bg: '#0077ff', letter: 'VK' },
  yandex: { bg: '#fc3f1d', letter: 'Я' },
  google: { bg: '#4285f4', letter: 'G' },
};

function NetworkMark({ network }: { network: string }) {
  const m = marks[network] ?? { bg: '#5b5b66', letter: network.slice(0, 1).toUpperCase() };
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <rect width="20" height="20" rx="5" fill={m.bg} />
      <text
        x="10"
        y="14.2"
        textAnchor="middle"
        fontSize={m.letter.length > 1 ? 8.5 : 11}
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
        fill="#fff"
      >
        {m.letter}
      </text>
    </svg>
  );
}

type Load = { status: 'loading' } | { status: 'ready'; links: SocialLink[] } | { status: 'failed' };

/**
 * Sign-in through VK, Yandex or Google: plain links (a full navigation to the provider). Placeholders of the same
 * size hold the layout while the links load; if they fail, the block simply does not show (password sign-in works).
 */
export function SocialButtons() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    // The API client (ofetch) is not in the first visit of /login: the form renders without it, the links follow.
    import('./api')
      .then(({ fetchSocialLinks }) => fetchSocialLinks(controller.signal))
      .then(
        (links) => setLoad({ status: 'ready', links }),
        () => {
          if (!controller.signal.aborted) setLoad({ status: 'failed' });
        },
      );
    return () => controller.abort('unmounted');
  }, []);

  if (load.status === 'failed' || (load.status === 'ready' && load.links.length === 0)) return null;
  return (
    <section aria-label={t.login.socialsTitle}>
      <div className={s.divider}>{t.login.or}</div>
      <div className={s.socials}>
        {load.status === 'loading'
          ? [0, 1, 2].map((i) => <Skeleton key={i} height={40} radius={8} />)
          : load.links.map((l) => (
              <ButtonAnchor
                key={l.network_name}
                href={l.link}
                variant="secondary"
                className={s.socialButton}
                aria-label={`${t.login.socialsTitle} ${t.socials[l.network_name] ?? l.network_name}`}
                iconStart={<NetworkMark network={l.network_name} />}
              >
                {t.socials[l.network_name] ?? l.network_name}
              </ButtonAnchor>
            ))}
      </div>
    </section>
  );
}
