import type { ReactNode } from 'react';
import { useAppActors } from '../../actors/app-actors';
import { useIsDarkTheme } from '../../actors/hooks';
import { Logo, ThemeToggle } from '../../ui/brand';
import { PublicLayout } from '../../ui/public-layout';
import { t } from './strings';

/** The frame of the error screens: logo, theme switch, the message in the middle. */
export function StatusFrame({ children }: { children: ReactNode }) {
  const { theme } = useAppActors();
  const isDark = useIsDarkTheme();
  return (
    <PublicLayout
      wide
      logo={<Logo label={t.product} />}
      actions={
        <ThemeToggle
          isDark={isDark}
          label={t.darkTheme}
          onToggle={() => theme.send({ type: 'theme.toggle' })}
        />
      }
    >
      {children}
    </PublicLayout>
  );
}
