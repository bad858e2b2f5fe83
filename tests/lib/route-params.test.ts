import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  redirect,
} from '@tanstack/react-router';
import { parsePaymentResult } from '../../contract/params';
import { idParams, optionalAmount, optionalString, tabParams, validated } from '../../src/lib/route-params';
import { jwtSubject } from '../../src/lib/jwt';

describe('route search validators', () => {
  it.each([
    ['abc', 'abc'],
    ['  ', undefined],
    ['', undefined],
    [42, '42'],
    [null, undefined],
    [{ a: 1 }, undefined],
  ])('optionalString(%j) = %j', (value, expected) => {
    expect(optionalString(value)).toBe(expected);
  });

  it.each([
    ['1500', 1500],
    [1500, 1500],
    ['0', 0],
    ['-5', undefined],
    ['12.5', undefined],
    ['abc', undefined],
  ])('optionalAmount(%j) = %j', (value, expected) => {
    expect(optionalAmount(value)).toBe(expected);
  });

  it('keeps undefined keys, so a bad raw value inherited from the parent search is overridden', () => {
    const parent = { status: 'maybe' };
    const own = validated({ status: parsePaymentResult(parent.status) });
    expect({ ...parent, ...own }.status).toBeUndefined();
  });
});

describe('idParams and tabParams in a router', () => {
  // A small tree shaped like the app's: a guard in the root, /order/$id with a child, /home/$tab, a catch-all.
  function start(path: string, { signedIn = true } = {}) {
    const orderBeforeLoad = vi.fn();
    const root = createRootRoute({
      beforeLoad: ({ location }) => {
        if (!signedIn && location.pathname !== '/login' && location.pathname !== '/404')
          throw redirect({ to: '/login', replace: true });
      },
    });
    const leaf = (p: string) => createRoute({ getParentRoute: () => root, path: p });
    const order = createRoute({
      getParentRoute: () => root,
      path: 'order/$id',
      params: idParams,
      beforeLoad: ({ params }) => orderBeforeLoad(params.id),
    });
    const chat = createRoute({ getParentRoute: () => order, path: 'chat' });
    const orderIndex = createRoute({
      getParentRoute: () => order,
      path: '/',
      beforeLoad: ({ params }) => {
        throw redirect({ to: '/order/$id/chat', params, replace: true });
      },
    });
    const tab = createRoute({ getParentRoute: () => root, path: 'home/$tab', params: tabParams });
    const routeTree = root.addChildren([
      leaf('404'),
      leaf('login'),
      leaf('order/'),
      order.addChildren([chat, orderIndex]),
      tab,
      leaf('$'),
    ]);
    // Node has no document: the router is told it runs in a browser, and follows its own history as the app does.
    const router = createRouter({
      routeTree,
      isServer: false,
      origin: 'http://localhost',
      history: createMemoryHistory({ initialEntries: [path] }),
    });
    router.history.subscribe(() => void router.load());
    return { router, orderBeforeLoad };
  }

  async function settle(router: ReturnType<typeof start>['router']) {
    await router.load();
    for (let i = 0; i < 50 && (router.state.status !== 'idle' || router.state.isLoading); i++)
      await new Promise((resolve) => setTimeout(resolve, 2));
    return {
      path: router.state.location.pathname,
      matches: router.state.matches.map((m) => [m.routeId, m.params] as const),
    };
  }

  it.each(['/order/abc', '/order/0/chat', '/order/05', '/order/1e3/chat', '/order/2000000001', '/order/%20'])(
    '%s goes to /404, and the route’s beforeLoad never runs',
    async (path) => {
      const { router, orderBeforeLoad } = start(path);
      expect((await settle(router)).path).toBe('/404');
      expect(orderBeforeLoad).not.toHaveBeenCalled();
    },
  );

  it('the root guard runs first: signed out, a bad id goes to Enter, as before', async () => {
    const { router } = start('/order/abc/chat', { signedIn: false });
    expect((await settle(router)).path).toBe('/login');
  });

  it('a good id is parsed once, a number for the route, its beforeLoad and its children', async () => {
    const { router, orderBeforeLoad } = start('/order/5');
    const { path, matches } = await settle(router);
    expect(path).toBe('/order/5/chat');
    expect(orderBeforeLoad).toHaveBeenCalledWith(5);
    expect(matches.slice(1)).toEqual([
      ['/order/$id', { id: 5 }],
      ['/order/$id/chat', { id: 5 }],
    ]);
    expect(router.buildLocation({ to: '/order/$id/chat', params: { id: 42 } } as never).pathname).toBe(
      '/order/42/chat',
    );
  });

  it('an empty id never reaches the $id route (the catch-all takes /order//chat)', async () => {
    const { router, orderBeforeLoad } = start('/order//chat');
    const { matches } = await settle(router);
    expect(matches.map(([id]) => id)).toEqual(['__root__', '/$']);
    expect(orderBeforeLoad).not.toHaveBeenCalled();
  });

  it('a tab is one of the order tabs, else /404', async () => {
    const done = start('/home/done');
    expect((await settle(done.router)).matches.at(-1)).toEqual(['/home/$tab', { tab: 'done' }]);
    const trash = start('/home/trash');
    expect((await settle(trash.router)).path).toBe('/404');
  });
});

describe('every route that introduces a numeric $id parses it with idParams', () => {
  const ROUTES = join(import.meta.dirname, '../../src/routes');
  /** `$id` routes whose id is not a database id (the restore link's token). */
  const TEXT_IDS = new Set(['change-password.$id.tsx']);
  const files = (dir: string, prefix = ''): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
    );
  const owners = files(ROUTES).filter((file) => {
    const name = file.split('/').pop()!;
    if (TEXT_IDS.has(name)) return false;
    const segments = name.replace(/\.tsx$/, '').split('.');
    const at = segments.indexOf('$id');
    if (at < 0) return false;
    // The parent that already has the $id (order.$id.tsx for order.$id.chat.tsx) parses it for its children.
    const parent = `${file.slice(0, file.length - name.length)}${segments.slice(0, at + 1).join('.')}.tsx`;
    return parent === file || !existsSync(join(ROUTES, parent));
  });

  it('finds the $id routes', () => {
    expect(owners.length).toBeGreaterThanOrEqual(7);
  });

  it.each(owners)('%s', (file) => {
    const text = readFileSync(join(ROUTES, file), 'utf8');
    expect(text).toMatch(/\bparams: idParams\b/);
    expect(text).not.toMatch(/positiveId|\?\? 0\b/);
  });
});

describe('jwtSubject', () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  it.each([
    [`h.${b64({ sub: '42' })}.s`, 42],
    [`h.${b64({ sub: 7 })}.s`, 7],
    [`h.${b64({ sub: 'x' })}.s`, null],
    [`h.${b64({})}.s`, null],
    ['garbage', null],
    ['a.!!!.c', null],
  ])('%s → %j', (token, expected) => {
    expect(jwtSubject(token)).toBe(expected);
  });
});
