import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { profileAvatarMachine } from '../../machines/profile-avatar/profile-avatar.machine';
import {
  selectAvatarUrl,
  selectChoice,
  selectError,
  selectHasAvatar,
  selectIsBusy,
} from '../../machines/profile-avatar/profile-avatar.selectors';
import type { AvatarUrls, UploadAvatarInput } from '../../machines/profile-avatar/profile-avatar.types';
import { describeModel } from './coverage';
import { never } from './never';

const file = new Blob(['png'], { type: 'image/png' });
const other = new Blob(['jpg'], { type: 'image/jpeg' });
const urls = { small: '/s.webp', medium: '/m.webp', large: '/l.webp' };
const notImage = { status: 400, message: 'Файл не является изображением.' };

const released: (string | null)[] = [];
const model = profileAvatarMachine.provide({
  actors: { loadAvatar: never(), uploadAvatar: never(), deleteAvatar: never() },
  actions: { releasePreview: (_, url) => void released.push(url) },
});
type Snap = SnapshotFrom<typeof model>;

const events = [
  { type: 'avatar.choose', file, previewUrl: 'blob:1' },
  { type: 'avatar.choose', file: other, previewUrl: 'blob:2' },
  { type: 'avatar.fit', fit: 'contain' },
  { type: 'avatar.upload' },
  { type: 'avatar.cancel' },
  { type: 'avatar.delete' },
  { type: 'avatar.retry' },
  { type: 'xstate.done.actor.loadAvatar', output: {} },
  { type: 'xstate.done.actor.loadAvatar', output: urls },
  { type: 'xstate.error.actor.loadAvatar', error: { message: 'Сервер не отвечает' } },
  { type: 'xstate.done.actor.uploadAvatar', output: urls },
  { type: 'xstate.error.actor.uploadAvatar', error: notImage },
  { type: 'xstate.done.actor.deleteAvatar', output: {} },
  { type: 'xstate.error.actor.deleteAvatar', error: { message: 'Сервер не отвечает' } },
];

// Blobs do not serialise: tell choices apart by their preview URL and fit.
const serializeState = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    avatars: s.context.avatars,
    choice: s.context.choice && { url: s.context.choice.previewUrl, fit: s.context.choice.fit },
    error: s.context.error,
  });

function assertInvariants(s: Snap) {
  const name = String(s.value);
  expect(selectIsBusy(s)).toBe(name === 'uploading' || name === 'deleting');
  expect(selectChoice(s) !== null).toBe(name === 'previewing' || name === 'uploading');
  expect(selectAvatarUrl(s)).toBe(selectHasAvatar(s) ? urls.large : null);
  if (name === 'previewing' && s.context.error) expect(selectError(s)).toEqual(notImage);
}

describeModel(model, {
  name: 'profile avatar machine (model-based)',
  events,
  serializeState,
  agreeOn: serializeState,
  invariants: assertInvariants,
});

describe('profile avatar machine (scenarios)', () => {
  it('previews, sends with the chosen fit, releases the preview, shows the new picture', async () => {
    const uploads: UploadAvatarInput[] = [];
    const freed: (string | null)[] = [];
    const actor = createActor(
      profileAvatarMachine.provide({
        actors: {
          loadAvatar: fromPromise<AvatarUrls, void>(async () => ({})),
          uploadAvatar: fromPromise<AvatarUrls, UploadAvatarInput>(async ({ input }) => {
            uploads.push(input);
            return urls;
          }),
        },
        actions: { releasePreview: (_, url) => void freed.push(url) },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'avatar.delete' }); // nothing to delete yet
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'avatar.choose', file, previewUrl: 'blob:1' });
    actor.send({ type: 'avatar.choose', file: other, previewUrl: 'blob:2' });
    actor.send({ type: 'avatar.fit', fit: 'contain' });
    actor.send({ type: 'avatar.upload' });
    const s = await waitFor(actor, (x) => x.matches('ready'));
    expect(uploads).toEqual([{ file: other, fit: 'contain' }]);
    expect(freed).toEqual(['blob:1', 'blob:2']);
    expect(selectAvatarUrl(s)).toBe(urls.large);
  });

  it('a refused upload keeps the preview with the message', async () => {
    const actor = createActor(
      profileAvatarMachine.provide({
        actors: {
          loadAvatar: fromPromise<AvatarUrls, void>(async () => urls),
          uploadAvatar: fromPromise<AvatarUrls, UploadAvatarInput>(async () => {
            throw notImage;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'avatar.choose', file, previewUrl: 'blob:1' });
    actor.send({ type: 'avatar.upload' });
    const s = await waitFor(actor, (x) => x.matches('previewing') && x.context.error !== null);
    expect(selectError(s)).toEqual(notImage);
    expect(selectChoice(s)?.previewUrl).toBe('blob:1');
    expect(selectAvatarUrl(s)).toBe(urls.large);
  });
});
