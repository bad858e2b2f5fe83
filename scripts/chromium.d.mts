export const DEBIAN_CHROMIUM: string;
export const DEBIAN_HEADLESS_SHELL: string;
export const CHROMIUM_ARGS: string[];
export function findChromium(
  env?: NodeJS.ProcessEnv,
): { path: string; source: 'CHROMIUM_PATH' | 'debian' | 'playwright' } | undefined;
export function findTestChromium(
  env?: NodeJS.ProcessEnv,
): { path: string; source: 'CHROMIUM_PATH' | 'debian' | 'debian-headless-shell' | 'playwright' } | undefined;
export const NO_CHROMIUM: string;
