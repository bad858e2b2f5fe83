import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import {
  createAction,
  LazyAction,
  runAction,
  watchAction,
  type ActionOptions,
} from '../../src/actors/use-action';
import { Latest } from '../../src/actors/use-form';
import { ApiError } from '../../src/api/errors';
import type { ApiErrorInfo } from '../../machines/shared/error-info';

/** A call whose every run waits until the test answers it. */
function controlled<T>() {
  const runs: { args: unknown[]; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const call = (...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      runs.push({ args, resolve, reject });
    });
  return { call, runs };
}

/** What a caller of the hook sees, read from the actor the way the hook reads it. */
function view(actor: ReturnType<typeof createAction>) {
  const s = actor.getSnapshot();
  return {
    busy: s.hasTag('busy'),
    done: s.matches('done'),
    error: s.context.error?.message ?? null,
    args: s.context.request,
    result: s.context.result,
  };
}

function setUp<T>() {
  const { call, runs } = controlled<T>();
  const done: { result: T; args: unknown[] }[] = [];
  const errors: { error: ApiErrorInfo; args: unknown[] }[] = [];
  const latest = new Latest<ActionOptions<unknown[], T>>({
    call,
    onDone: (result, args) => done.push({ result, args }),
    onError: (error, args) => errors.push({ error, args }),
  });
  const actor = createAction(latest);
  const stop = watchAction(actor, latest);
  return { actor, runs, done, errors, latest, stop };
}

/** The call has been made (the machine passes through its no-op check first). */
const called = (runs: unknown[], n: number) =>
  vi.waitFor(() => expect(runs).toHaveLength(n), { interval: 1 });

describe('useAction (a button-level mutation on the submission machine)', () => {
  it('is busy while the call runs, then done with its answer; onDone gets the answer and the arguments', async () => {
    const { actor, runs, done, errors } = setUp<{ ok: true }>();
    expect(view(actor)).toMatchObject({ busy: false, done: false, error: null, args: null });

    expect(runAction(actor, [12, 'file.pdf'])).toBe(true);
    expect(view(actor)).toMatchObject({ busy: true, args: [12, 'file.pdf'] });
    await called(runs, 1);
    expect(runs[0]!.args).toEqual([12, 'file.pdf']);
    expect(view(actor).busy).toBe(true);

    runs[0]!.resolve({ ok: true });
    await waitFor(actor, (s) => s.matches('done'));
    expect(view(actor)).toMatchObject({ busy: false, done: true, error: null, result: { ok: true } });
    expect(done).toEqual([{ result: { ok: true }, args: [12, 'file.pdf'] }]);
    expect(errors).toEqual([]);
  });

  it("a second run while one is running is ignored: no second call, the first one's arguments stay", async () => {
    const { actor, runs, done } = setUp<string>();
    runAction(actor, ['a']);
    expect(runAction(actor, ['b'])).toBe(false);
    await called(runs, 1);
    expect(runAction(actor, ['c'])).toBe(false);
    expect(view(actor).args).toEqual(['a']);
    runs[0]!.resolve('A');
    await waitFor(actor, (s) => s.matches('done'));
    expect(runs).toHaveLength(1);
    expect(done.map((d) => d.args)).toEqual([['a']]);

    // Once it has finished, the button works again.
    expect(runAction(actor, ['d'])).toBe(true);
    await called(runs, 2);
    expect(runs[1]!.args).toEqual(['d']);
    expect(view(actor)).toMatchObject({ busy: true, done: false, result: null });
  });

  it("a refusal leaves the API's message until the next run, which clears it; onError gets it", async () => {
    const { actor, runs, errors, done } = setUp<string>();
    runAction(actor, [5, true]);
    await called(runs, 1);
    runs[0]!.reject(new ApiError({ kind: 'http', status: 403, message: 'Файл недоступен' }));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view(actor)).toMatchObject({
      busy: false,
      done: false,
      error: 'Файл недоступен',
      args: [5, true],
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.error).toMatchObject({ status: 403, message: 'Файл недоступен' });
    expect(errors[0]!.args).toEqual([5, true]);

    runAction(actor, [5, false]);
    expect(view(actor)).toMatchObject({ busy: true, error: null, args: [5, false] });
    await called(runs, 2);
    runs[1]!.resolve('ok');
    await waitFor(actor, (s) => s.matches('done'));
    expect(done.map((d) => d.args)).toEqual([[5, false]]);
  });

  it('a failure without a message (a thrown non-error) shows the catalogue fallback', async () => {
    const { actor, runs } = setUp<string>();
    runAction(actor, []);
    await called(runs, 1);
    runs[0]!.reject(undefined);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view(actor).error).toBe('Что-то пошло не так. Попробуйте ещё раз.');
  });

  it('the latest call and callbacks are used (a re-render gives new ones); unsubscribed, none is called', async () => {
    const { actor, runs, latest, stop } = setUp<string>();
    const second = controlled<string>();
    const seen: string[] = [];
    latest.set({ call: second.call, onDone: (r) => seen.push(r) });
    runAction(actor, ['x']);
    await called(second.runs, 1);
    expect(runs).toHaveLength(0);
    second.runs[0]!.resolve('new');
    await waitFor(actor, (s) => s.matches('done'));
    expect(seen).toEqual(['new']);

    stop();
    runAction(actor, ['y']);
    await called(second.runs, 2);
    second.runs[1]!.resolve('late');
    await waitFor(actor, (s) => s.matches('done') && s.context.result === 'late');
    expect(seen).toEqual(['new']);
  });

  it('a keyed call gets one Idempotency-Key per attempt: kept for a run again after a failure, new otherwise', async () => {
    const keys: string[] = [];
    const outcomes: ('fail' | 'ok')[] = ['fail', 'fail', 'ok', 'ok'];
    const latest = new Latest<ActionOptions<[number[]], string>>({
      keyed: (key, ids) => {
        keys.push(`${key}:${ids.join(',')}`);
        return outcomes.shift() === 'ok'
          ? Promise.resolve('packet')
          : Promise.reject(new Error('Сервер не отвечает'));
      },
    });
    const actor = createAction(latest);
    const settle = () => waitFor(actor, (s) => s.matches('failed') || s.matches('done'));

    runAction(actor, [[1, 2]]);
    await settle();
    runAction(actor, [[1, 2]]); // the same selection again: the same key
    await settle();
    runAction(actor, [[1, 3]]); // another selection: a new key
    await settle();
    expect(actor.getSnapshot().matches('done')).toBe(true);
    runAction(actor, [[1, 3]]); // after a success: a new key
    await settle();
    const [first, second, third, fourth] = keys.map((k) => k.split(':'));
    expect(second).toEqual(first);
    expect(first![1]).toBe('1,2');
    expect(third![0]).not.toBe(first![0]);
    expect(third![1]).toBe('1,3');
    expect(fourth![0]).not.toBe(third![0]);
  });

  it('the hook makes its actor at the first run: idle until then; unmounted, it stops it and starts no other', async () => {
    const { call, runs } = controlled<string>();
    const done: string[] = [];
    const action = new LazyAction(
      new Latest<ActionOptions<[string], string>>({ call, onDone: (r) => done.push(r) }),
    );
    const changes = vi.fn();
    action.subscribe(changes);
    expect(action.current).toBeNull();
    const idle = action.getSnapshot();
    expect(idle.hasTag('busy')).toBe(false);
    expect(idle.matches('idle')).toBe(true);
    expect(idle.context.request).toBeNull();

    expect(action.run('a')).toBe(true);
    const actor = action.current!;
    expect(action.getSnapshot().hasTag('busy')).toBe(true);
    expect(changes).toHaveBeenCalled();
    expect(action.run('b')).toBe(false);
    await called(runs, 1);
    runs[0]!.resolve('A');
    await waitFor(actor, (s) => s.matches('done'));
    expect(done).toEqual(['A']);
    expect(action.getSnapshot().context.result).toBe('A');

    // Unmounted while a call runs: the actor stops and no callback comes after it.
    action.run('c');
    await called(runs, 2);
    action.stop();
    expect(action.current).toBeNull();
    expect(actor.getSnapshot().status).toBe('stopped');
    runs[1]!.resolve('C');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toEqual(['A']);
    expect(action.getSnapshot().matches('idle')).toBe(true);

    expect(action.run('late')).toBe(false);
    expect(action.current).toBeNull();
    expect(runs).toHaveLength(2);

    // Mounted again (StrictMode's second mount of the effects): a run makes a new actor.
    action.mount();
    expect(action.run('d')).toBe(true);
    expect(action.current).not.toBe(actor);
    await called(runs, 3);
    runs[2]!.resolve('D');
    await waitFor(action.current!, (s) => s.matches('done'));
    expect(done).toEqual(['A', 'D']);
  });
});
