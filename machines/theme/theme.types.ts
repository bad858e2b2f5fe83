// ---- Data ------------------------------------------------------------------------------------------------------
import type { ThemeName } from '../../contract/theme';

// ---- Context ---------------------------------------------------------------------------------------------------
export interface ThemeContext {
  theme: ThemeName;
}

// ---- Input -----------------------------------------------------------------------------------------------------
export interface ThemeInput {
  /** The remembered theme (localStorage 'cabinet.theme'); anything else means the default, light. */
  stored?: string | null;
}

// ---- Events ----------------------------------------------------------------------------------------------------
export type ThemeEvent = { type: 'theme.toggle' } | { type: 'theme.set'; theme: ThemeName };
