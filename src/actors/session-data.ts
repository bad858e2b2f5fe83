// The settings that follow a customer from browser to browser (spec point 3, Session data): the free-form object of
// GET/POST /api/client/profile/session/ keeps the chosen theme (`theme`) and the dashboard tips the customer hid
// (`tipsHidden`). Read once per signed-in customer; written when the customer changes one of them while signed in.
import type { ActorRefFrom } from 'xstate';
import type { SessionData } from '../../contract/profile.api';
import type { themeMachine } from '../../machines/theme/theme.machine';
import type { ThemeName } from '../../contract/theme';

export interface SessionDataIo {
  load: () => Promise<SessionData>;
  save: (data: SessionData) => Promise<SessionData>;
}

export interface SessionDataSync {
  /** Whether the dashboard tips are hidden for this customer (false until the object is read). */
  tipsHidden: () => boolean;
  hideTips: () => void;
  /** Follows `tipsHidden` (for useSyncExternalStore). */
  subscribe: (listener: () => void) => () => void;
  stop: () => void;
}

const isTheme = (v: unknown): v is ThemeName => v === 'light' || v === 'dark';

/** This browser's memory of `tipsHidden` per customer, so a reload does not show the tips until the object loads. */
const TIPS_KEY = (userId: number) => `cabinet.tipsHidden.${userId}`;
type Memo = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): Memo | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * `onUser` reports the signed-in customer's id (null when signed out). The server's theme wins on sign-in unless
 * the customer picked one while the object was still loading; a theme picked while signed in is saved.
 */
export function createSessionDataSync(options: {
  onUser: (listener: (userId: number | null) => void) => () => void;
  theme: Pick<ActorRefFrom<typeof themeMachine>, 'send' | 'subscribe' | 'getSnapshot'>;
  io: SessionDataIo;
  /** Where the last known `tipsHidden` is remembered (localStorage by default). */
  storage?: Memo | null;
}): SessionDataSync {
  const { theme, io } = options;
  const memo = options.storage === undefined ? browserStorage() : options.storage;
  const remember = (id: number, hidden: boolean) => {
    try {
      if (hidden) memo?.setItem(TIPS_KEY(id), '1');
      else memo?.removeItem(TIPS_KEY(id));
    } catch {
      // storage full or disabled: the tips may flash once after a reload, nothing worse
    }
  };
  let rememberedHidden = false;
  const remembered = (id: number) => {
    try {
      return memo?.getItem(TIPS_KEY(id)) === '1';
    } catch {
      return false;
    }
  };
  let userId: number | null = null;
  /** The customer's object once read; null while loading or signed out. */
  let data: SessionData | null = null;
  /** Changes made before the object came back, applied over it. */
  let pending: SessionData = {};
  let lastTheme = theme.getSnapshot().context.theme;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  const save = (patch: SessionData) => {
    if (userId === null) return;
    if (data === null) {
      pending = { ...pending, ...patch };
      return;
    }
    data = { ...data, ...patch };
    void io.save(data).catch(() => {}); // a setting that did not reach the server still applies here
  };

  const stopUser = options.onUser((id) => {
    if (id === userId) return;
    userId = id;
    rememberedHidden = id !== null && remembered(id); // read once per customer, not on every render
    data = null;
    pending = {};
    notify();
    if (id === null) return;
    io.load().then(
      (loaded) => {
        if (userId !== id) return; // another customer by now
        data = { ...loaded };
        remember(id, data.tipsHidden === true || pending.tipsHidden === true);
        const chosen = pending;
        pending = {};
        if (isTheme(data.theme) && !('theme' in chosen) && data.theme !== lastTheme) {
          lastTheme = data.theme;
          theme.send({ type: 'theme.set', theme: data.theme });
        }
        if (Object.keys(chosen).length > 0) save(chosen);
        notify();
      },
      () => {
        if (userId !== id) return;
        data = { ...pending }; // unreadable: start from what this visit chose
        pending = {};
      },
    );
  });

  const themeSub = theme.subscribe((snapshot) => {
    const next = snapshot.context.theme;
    if (next === lastTheme) return;
    lastTheme = next;
    save({ theme: next });
  });

  return {
    // While the object loads: what this browser last knew, so hidden tips do not flash up and vanish.
    tipsHidden: () => (data ?? pending).tipsHidden === true || (data === null && rememberedHidden),
    hideTips: () => {
      if (userId !== null) remember(userId, true);
      save({ tipsHidden: true });
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => {
      stopUser();
      themeSub.unsubscribe();
    },
  };
}
