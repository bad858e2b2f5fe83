import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { emailChangeMachine } from '../../machines/email-change/email-change.machine';
import {
  selectConfirmedEmail,
  selectEmail,
  selectError,
  selectIsBusy,
  selectPending,
  selectView,
} from '../../machines/email-change/email-change.selectors';
import type { EmailChangeState } from '../../machines/email-change/email-change.types';
import { describeModel } from './coverage';
import { never } from './never';

const pending = { newEmail: 'new@example.com', expiresAt: '2030-01-02T00:00:00.000Z' };
const idleState: EmailChangeState = { email: 'old@example.com', pending: null };
const pendingState: EmailChangeState = { email: 'old@example.com', pending };
const taken = { status: 400, message: 'Занят.', fields: { email: ['Занят.'] } };
const dead = { status: 400, message: 'Ссылка устарела.' };

const model = emailChangeMachine.provide({
  actors: { loadStatus: never(), requestChange: never(), cancelChange: never(), confirmChange: never() },
});
type Snap = SnapshotFrom<typeof model>;

const events = [
  { type: 'emailChange.request', email: 'new@example.com' },
  { type: 'emailChange.cancel' },
  { type: 'emailChange.refresh' },
  { type: 'emailChange.retry' },
  { type: 'emailChange.restart' },
  { type: 'xstate.done.actor.loadStatus', output: idleState },
  { type: 'xstate.done.actor.loadStatus', output: pendingState },
  { type: 'xstate.error.actor.loadStatus', error: { message: 'Сервер не отвечает' } },
  { type: 'xstate.done.actor.requestChange', output: pendingState },
  { type: 'xstate.error.actor.requestChange', error: taken },
  { type: 'xstate.done.actor.cancelChange', output: idleState },
  { type: 'xstate.error.actor.cancelChange', error: { message: 'Сервер не отвечает' } },
  { type: 'xstate.done.actor.confirmChange', output: { email: 'new@example.com' } },
  { type: 'xstate.error.actor.confirmChange', error: dead },
];

const VIEWS: Record<string, string> = {
  loading: 'loading',
  loadFailed: 'loadFailed',
  idle: 'form',
  pending: 'pending',
  cancelling: 'pending',
  confirming: 'confirming',
  confirmed: 'confirmed',
  confirmFailed: 'confirmFailed',
};

function assertInvariants(s: Snap) {
  const name = String(s.value);
  if (name !== 'requesting') expect(selectView(s)).toBe(VIEWS[name]);
  else expect(selectView(s)).toBe(s.context.pending ? 'pending' : 'form');
  expect(selectIsBusy(s)).toBe(['requesting', 'cancelling', 'confirming'].includes(name));
  if (name === 'pending') expect(selectPending(s)).toEqual(pending);
  if (name === 'idle') expect(selectPending(s)).toBeNull();
  if (name === 'confirmed') {
    expect(selectConfirmedEmail(s)).toBe('new@example.com');
    expect(selectEmail(s)).toBe('new@example.com');
    expect(s.context.confirmToken).toBeNull();
  }
  if (name === 'confirmFailed') expect(selectError(s)).toEqual(dead);
}

describeModel(model, {
  name: 'e-mail change machine (model-based)',
  events,
  // The token decides the first step: each input reaches one branch of `start`; together they reach both.
  inputs: [
    {
      name: 'opened from the link',
      input: { confirmToken: 'tok' },
      misses: /#emailChange\.start on "always" → #emailChange\.loading/,
    },
    {
      name: 'opened from the profile',
      input: {},
      misses: /#emailChange\.start on "always" \[hasConfirmToken\]/,
    },
  ],
  agreeOn: (s) => s.context,
  invariants: assertInvariants,
});

describe('e-mail change machine (scenarios)', () => {
  it('request → pending; the address changes only when the link is confirmed', async () => {
    const calls: string[] = [];
    const actor = createActor(
      emailChangeMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => idleState),
          requestChange: fromPromise(async ({ input }: { input: { email: string } }) => {
            calls.push(`request ${input.email}`);
            return pendingState;
          }),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'emailChange.request', email: 'new@example.com' });
    const s = await waitFor(actor, (x) => x.matches('pending'));
    expect(calls).toEqual(['request new@example.com']);
    expect(selectEmail(s)).toBe('old@example.com');
    expect(selectPending(s)?.newEmail).toBe('new@example.com');
  });

  it('a failed resend keeps the earlier link waiting and shows why', async () => {
    const actor = createActor(
      emailChangeMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => pendingState),
          requestChange: fromPromise<EmailChangeState, { email: string }>(async () => {
            throw taken;
          }),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches('pending'));
    actor.send({ type: 'emailChange.request', email: 'other@example.com' });
    const s = await waitFor(actor, (x) => x.matches('pending') && x.context.error !== null);
    expect(selectError(s)?.fields?.email).toEqual(['Занят.']);
    expect(selectPending(s)).toEqual(pending);
  });

  it('opened with ?confirm= it confirms the token once', async () => {
    const tokens: string[] = [];
    const actor = createActor(
      emailChangeMachine.provide({
        actors: {
          confirmChange: fromPromise(async ({ input }: { input: { token: string } }) => {
            tokens.push(input.token);
            return { email: 'new@example.com' };
          }),
          loadStatus: fromPromise<EmailChangeState, void>(async () => ({
            email: 'new@example.com',
            pending: null,
          })),
        },
      }),
      { input: { confirmToken: 'abc' } },
    ).start();
    const s = await waitFor(actor, (x) => x.matches('confirmed'));
    expect(selectConfirmedEmail(s)).toBe('new@example.com');
    actor.send({ type: 'emailChange.restart' });
    await waitFor(actor, (x) => x.matches('idle'));
    expect(tokens).toEqual(['abc']);
  });
});
