import { useLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useIsDarkTheme, useIsSignedIn, useSendToSession, useToggleTheme } from '../../actors/hooks';
import { decodeRedirect } from '../../../contract/redirect';
import { Logo, ThemeToggle } from '../../ui/brand';
import { ButtonAnchor, ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/primitives';
import { PublicLayout } from '../../ui/public-layout';
import { fetchFinances } from './api';
import { t } from './strings';

/**
 * /payment?status=success|fail: where the payment provider returns the customer. `back` (a same-origin path,
 * checked like the /login redirect) leads to where the payment started; without it, to the orders.
 */
export function PaymentResultPage({ status }: { status: 'success' | 'fail' }) {
  const toggleTheme = useToggleTheme();
  const sendToSession = useSendToSession();
  const isDark = useIsDarkTheme();
  const signedIn = useIsSignedIn();
  // The provider changed the balances (a top-up, an order paid): the header and the pages show the new ones.
  useEffect(() => {
    if (!signedIn) return;
    fetchFinances().then(
      (f) => sendToSession({ type: 'session.finances', money: f.money, bonus: f.bonus }),
      () => {},
    );
  }, [signedIn, sendToSession, status]);
  const router = useRouter();
  const backParam = useLocation({ select: (l) => new URLSearchParams(l.searchStr).get('back') });
  const backHref = useMemo(() => {
    const back = decodeRedirect(backParam);
    if (!back) return null;
    const query = new URLSearchParams(back.search).toString();
    return query ? `${back.path}?${query}` : back.path;
  }, [backParam]);
  const text = status === 'success' ? t.success : t.fail;

  return (
    <PublicLayout
      wide
      logo={<Logo label={t.product} />}
      actions={<ThemeToggle isDark={isDark} label={t.darkTheme} onToggle={toggleTheme} />}
    >
      <EmptyState
        icon={status === 'success' ? 'checkCircle' : 'xCircle'}
        tone={status === 'success' ? 'success' : 'danger'}
        titleAs="h1"
        title={text.title}
        actions={
          <>
            {backHref && (
              // Any cabinet path may come back here, so this is a checked href rather than a typed route link.
              <ButtonAnchor
                href={backHref}
                size="lg"
                onClick={(e) => {
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                  e.preventDefault();
                  router.history.push(backHref);
                }}
              >
                {text.back}
              </ButtonAnchor>
            )}
            <ButtonLink to="/home" size="lg" variant={backHref ? 'secondary' : 'primary'}>
              {text.home}
            </ButtonLink>
          </>
        }
      >
        {text.text}
      </EmptyState>
    </PublicLayout>
  );
}
