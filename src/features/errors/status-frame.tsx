import type { ReactNode } from 'react';
import { useIsDarkTheme, useToggleTheme } from '../../actors/hooks';
import { Logo, ThemeToggle } from '../../ui/brand';
import { PublicLayout } from '../../ui/public-layout';
import { t } from './strings';

/** The frame of the error screens: logo, theme switch, the message in the middle. */
export function StatusFrame({ children }: { children: ReactNode }) {
  const toggleTheme = useToggleTheme();
  const isDark = useIsDarkTheme();
  return (
    <PublicLayout
      wide
      logo={<Logo label={t.product} />}
      actions={<ThemeToggle isDark={isDark} label={t.darkTheme} onToggle={toggleTheme} />}
    >
      {children}
    </PublicLayout>
  );
}
