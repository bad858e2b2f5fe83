import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from './harness';
import { customer, json, outbox, tempDataDir } from './profile-helpers';
import { profiles } from '../../server/db/tables';
import { seedProfile } from '../../server/db/seed/profile';
import type { Profile, ProfilePopup, SubscribeStatus } from '../../contract/profile.api';

describe('profile API', () => {
  // One database for the whole file (opening PGlite costs seconds); emptied before each test.
  const h = useHarness({ dataDir: tempDataDir() });

  describe('profile: GET and PATCH /api/client/profile/', () => {
    const patch = (token: string, body: unknown) =>
      h.request('/api/client/profile/', { method: 'PATCH', token, json: body });

    it('answers the Profile entity of a new customer with defaults', async () => {
      const c = await customer(h, { email: 'ivan@example.com', phone: '+79991112233', fio: 'Иван Петров' });
      const res = await h.request('/api/client/profile/', { token: c.token });
      expect(res.status).toBe(200);
      const p = await json<Profile>(res);
      expect(p).toMatchObject({
        id: c.id,
        fio: 'Иван Петров',
        email: 'ivan@example.com',
        phone: '+79991112233',
        birthday: null,
        sex: null,
        university: '',
        course: null,
        group_header: '',
        telegram: '',
        is_telegram_contact: false,
        is_viber_contact: false,
        is_whatsapp_contact: false,
        diplom_hp_popup: false,
        sms_delivery: true,
        email_delivery: true,
        unisender_status: { id: 1, title: 'Подписан' },
      });
      expect(p.education.every((e) => !e.selected)).toBe(true);
      expect(p.training_form.map((t) => t.title)).toEqual([
        'Очная',
        'Заочная',
        'Очно-заочная',
        'Дистанционная',
      ]);
      expect(p.socials).toEqual([
        { network_name: 'vk', linked: false },
        { network_name: 'yandex', linked: false },
        { network_name: 'google', linked: false },
      ]);
    });

    it('needs a signed-in customer', async () => {
      expect((await h.request('/api/client/profile/')).status).toBe(401);
      expect((await h.request('/api/client/profile/', { token: 'garbage' })).status).toBe(401);
      expect(
        (await h.request('/api/client/profile/', { method: 'PATCH', json: { fio: 'Вася' } })).status,
      ).toBe(401);
    });

    it('updates fields partially and answers the whole profile', async () => {
      h.clock.now = new Date('2026-03-15T12:00:00Z');
      const c = await customer(h);
      const res = await patch(c.token, {
        fio: '  Мария   Иванова ',
        birthday: '2003-03-16',
        sex: 'female',
        phone: '+7 (999) 123-45-67',
        education: 3,
        university: 'СПбГУ',
        course: '2',
        group_header: 'ИТ-21',
        training_form: [
          { id: 1, title: 'Очная', selected: false },
          { id: 2, title: 'Заочная', selected: true },
        ],
        is_telegram_contact: true,
        telegram: 'https://t.me/maria_iv',
        email_delivery: false,
        // read-only fields sent back are ignored
        email: 'hacker@example.com',
        id: 999,
      });
      expect(res.status).toBe(200);
      const p = await json<Profile>(res);
      expect(p).toMatchObject({
        id: c.id,
        email: c.email,
        fio: 'Мария Иванова',
        birthday: '2003-03-16',
        sex: 'female',
        phone: '+79991234567',
        university: 'СПбГУ',
        course: 2,
        group_header: 'ИТ-21',
        is_telegram_contact: true,
        telegram: '@maria_iv',
        email_delivery: false,
        unisender_status: { id: 2, title: 'Отписан' },
      });
      expect(p.education.find((e) => e.selected)?.title).toBe('Бакалавриат');
      expect(p.training_form.find((t) => t.selected)?.title).toBe('Заочная');

      // a second PATCH leaves what it does not name
      const again = await json<Profile>(await patch(c.token, { course: null, sex: '' }));
      expect(again).toMatchObject({ course: null, sex: null, university: 'СПбГУ', telegram: '@maria_iv' });
      expect((await json<Profile>(await h.request('/api/client/profile/', { token: c.token }))).fio).toBe(
        'Мария Иванова',
      );
    });

    it('treats 1970-01-01 and 1996-01-01 as an unset birthday, on write and on read', async () => {
      const c = await customer(h);
      for (const placeholder of ['1970-01-01', '1996-01-01']) {
        const res = await patch(c.token, { birthday: placeholder });
        expect(res.status).toBe(200);
        expect((await json<Profile>(res)).birthday).toBeNull();
      }
      // a placeholder already in the database (old data) reads as unset too
      await h.request('/api/client/profile/', { token: c.token });
      await h.deps.db.update(profiles).set({ birthday: '1996-01-01' }).where(eq(profiles.userId, c.id));
      expect(
        (await json<Profile>(await h.request('/api/client/profile/', { token: c.token }))).birthday,
      ).toBeNull();
      expect((await json<Profile>(await patch(c.token, { birthday: '' }))).birthday).toBeNull();
    });

    it('adds the leading + to a phone stored without it', async () => {
      const c = await customer(h, { phone: '79995554433' });
      expect((await json<Profile>(await h.request('/api/client/profile/', { token: c.token }))).phone).toBe(
        '+79995554433',
      );
      expect((await json<Profile>(await patch(c.token, { phone: '7 999 555 44 22' }))).phone).toBe(
        '+79995554422',
      );
      expect((await json<Profile>(await patch(c.token, { phone: null }))).phone).toBeNull();
    });

    it('answers Russian field errors for bad input, never 500', async () => {
      h.clock.now = new Date('2026-03-15T12:00:00Z');
      const c = await customer(h);
      const cases: [unknown, string][] = [
        [{ fio: 'Я' }, 'fio'],
        [{ fio: 'x'.repeat(151) }, 'fio'],
        [{ fio: 42 }, 'fio'],
        [{ birthday: '2026-03-16' }, 'birthday'],
        [{ birthday: '2013-03-16' }, 'birthday'],
        [{ birthday: '1920-01-01' }, 'birthday'],
        [{ birthday: '2001-02-30' }, 'birthday'],
        [{ birthday: '15.03.2001' }, 'birthday'],
        [{ sex: 'other' }, 'sex'],
        [{ phone: '12345' }, 'phone'],
        [{ phone: '+7 999 abc 45 67' }, 'phone'],
        [{ education: 99 }, 'education'],
        [{ education: 'Магистратура' }, 'education'],
        [{ training_form: [{ id: 77, selected: true }] }, 'training_form'],
        [{ course: 0 }, 'course'],
        [{ course: 7 }, 'course'],
        [{ course: 2.5 }, 'course'],
        [{ telegram: '@ab' }, 'telegram'],
        [{ telegram: '@1handle' }, 'telegram'],
        [{ telegram: 'имя_кириллицей' }, 'telegram'],
        [{ university: 'x'.repeat(201) }, 'university'],
        [{ is_viber_contact: 'yes' }, 'is_viber_contact'],
      ];
      for (const [body, field] of cases) {
        const res = await patch(c.token, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        const errors = await json<Record<string, string[]>>(res);
        expect(Object.keys(errors), JSON.stringify(body)).toEqual([field]);
        expect(errors[field]?.[0], JSON.stringify(body)).toMatch(/[а-яё]/i);
      }
      // the exact age edges pass: 14 today and 100 today
      expect((await patch(c.token, { birthday: '2012-03-15' })).status).toBe(200);
      expect((await patch(c.token, { birthday: '1926-03-15' })).status).toBe(200);

      const notJson = await h.request('/api/client/profile/', {
        method: 'PATCH',
        token: c.token,
        headers: { 'content-type': 'application/json' },
        body: '{oops',
      });
      expect(notJson.status).toBe(400);
      expect(await json(notJson)).toEqual({ detail: 'Тело запроса должно быть JSON.' });
      const array = await patch(c.token, [1, 2]);
      expect(array.status).toBe(400);
      expect((await json<{ detail: string }>(array)).detail).toMatch(/объект/);
    });

    it("refuses another customer's phone as a field error", async () => {
      await customer(h, { phone: '+79990001122' });
      const c = await customer(h);
      const res = await patch(c.token, { phone: '79990001122' });
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({
        phone: ['Этот номер телефона уже используется другим пользователем.'],
      });
      // keeping one's own phone is fine
      const own = await customer(h, { phone: '+79993334455' });
      expect((await patch(own.token, { phone: '+79993334455', fio: 'Свой Телефон' })).status).toBe(200);
    });

    it("keeps customers' profiles apart", async () => {
      const a = await customer(h, { fio: 'Первый Клиент' });
      const b = await customer(h, { fio: 'Второй Клиент' });
      await patch(a.token, { university: 'МГТУ' });
      const pb = await json<Profile>(await h.request('/api/client/profile/', { token: b.token }));
      expect(pb).toMatchObject({ id: b.id, fio: 'Второй Клиент', university: '' });
    });
  });

  describe('profile: subscribe, session data, popup', () => {
    it('subscribes and unsubscribes from the mailing', async () => {
      const c = await customer(h);
      const off = await h.request('/api/client/profile/subscribe/', { method: 'DELETE', token: c.token });
      expect(off.status).toBe(200);
      expect(await json<SubscribeStatus>(off)).toEqual({
        email_delivery: false,
        unisender_status: { id: 2, title: 'Отписан' },
      });
      expect(
        (await json<Profile>(await h.request('/api/client/profile/', { token: c.token }))).email_delivery,
      ).toBe(false);
      const on = await h.request('/api/client/profile/subscribe/', { method: 'POST', token: c.token });
      expect(await json<SubscribeStatus>(on)).toEqual({
        email_delivery: true,
        unisender_status: { id: 1, title: 'Подписан' },
      });
      expect((await h.request('/api/client/profile/subscribe/', { method: 'POST' })).status).toBe(401);
    });

    it('stores a free-form session object per customer, up to 16 KB', async () => {
      const a = await customer(h);
      const b = await customer(h);
      const url = '/api/client/profile/session/';
      expect(await json(await h.request(url, { token: a.token }))).toEqual({});
      const data = { theme: 'dark', lastTab: 'archive', nested: { seen: [1, 2, 3] } };
      const saved = await h.request(url, { method: 'POST', token: a.token, json: data });
      expect(saved.status).toBe(200);
      expect(await json(saved)).toEqual(data);
      expect(await json(await h.request(url, { token: a.token }))).toEqual(data);
      expect(await json(await h.request(url, { token: b.token }))).toEqual({});

      const big = await h.request(url, {
        method: 'POST',
        token: a.token,
        json: { blob: 'x'.repeat(17_000) },
      });
      expect(big.status).toBe(413);
      expect(await json(big)).toEqual({ detail: 'Данные сессии больше 16 КБ.' });
      for (const bad of [[1, 2], 'text', null]) {
        const res = await h.request(url, { method: 'POST', token: a.token, json: bad });
        expect(res.status, JSON.stringify(bad)).toBe(400);
      }
      const broken = await h.request(url, {
        method: 'POST',
        token: a.token,
        headers: { 'content-type': 'application/json' },
        body: '{"a":',
      });
      expect(broken.status).toBe(400);
      expect(await json(await h.request(url, { token: a.token }))).toEqual(data);
    });

    it('shows the profile popup while the profile lacks phone or university, until dismissed', async () => {
      const c = await customer(h);
      const get = async (token: string) =>
        json<ProfilePopup>(await h.request('/client/api/profile/profile-popup/', { token }));
      expect(await get(c.token)).toEqual({ is_need_show: true });
      expect((await h.request('/client/api/profile/profile-popup/')).status).toBe(401);

      const dismissed = await h.request('/api/client/profile/popup/', { method: 'PATCH', token: c.token });
      expect(dismissed.status).toBe(200);
      expect(await json(dismissed)).toEqual({ is_need_show: false });
      expect(await get(c.token)).toEqual({ is_need_show: false });

      // a complete profile needs no popup at all
      const full = await customer(h, { phone: '+79997778899' });
      await h.request('/api/client/profile/', {
        method: 'PATCH',
        token: full.token,
        json: { university: 'МФТИ' },
      });
      expect(await get(full.token)).toEqual({ is_need_show: false });
    });

    it('seeds a full demo profile with the popup dismissed', async () => {
      const c = await customer(h, { phone: '+79990000000', fio: 'Анна Смирнова' });
      await seedProfile(h.deps, c.id);
      const p = await json<Profile>(await h.request('/api/client/profile/', { token: c.token }));
      expect(p).toMatchObject({ university: 'МГУ им. М. В. Ломоносова', course: 3, sex: 'female' });
      expect(p.birthday).not.toBeNull();
      expect(p.training_form.find((t) => t.selected)?.title).toBe('Очная');
      const popup = await h.request('/client/api/profile/profile-popup/', { token: c.token });
      expect(await json(popup)).toEqual({ is_need_show: false });
    });
  });

  describe('profile: POST /api/client/callbacks/', () => {
    const url = '/api/client/callbacks/';

    it('stores a call-back request and tells the manager through the outbox', async () => {
      const c = await customer(h);
      const res = await h.request(url, {
        method: 'POST',
        token: c.token,
        json: { phone: '8 (999) 111-22-33', name: 'Оля', comment: 'По заказу 15', time: 'после 18:00' },
      });
      expect(res.status).toBe(201);
      expect(await json(res)).toMatchObject({
        phone: '+89991112233',
        name: 'Оля',
        comment: 'По заказу 15',
        time: 'после 18:00',
      });
      const [notice] = await outbox(h, { kind: 'callback_request' });
      expect(notice?.recipient).toBe('manager@example.com');
      expect(notice?.body).toContain('после 18:00');
      expect(notice?.payload).toMatchObject({ user_id: c.id });
    });

    it('validates the body', async () => {
      const c = await customer(h);
      const cases: [unknown, string][] = [
        [{}, 'phone'],
        [{ phone: 'позвоните' }, 'phone'],
        [{ phone: '+79991112233', comment: 'x'.repeat(1001) }, 'comment'],
        [{ phone: '+79991112233', name: 5 }, 'name'],
      ];
      for (const [body, field] of cases) {
        const res = await h.request(url, { method: 'POST', token: c.token, json: body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(Object.keys(await json(res))).toEqual([field]);
      }
      expect((await h.request(url, { method: 'POST', json: { phone: '+79991112233' } })).status).toBe(401);
    });

    it('allows 3 requests per hour per customer, then 429 with Retry-After', async () => {
      const a = await customer(h);
      const b = await customer(h);
      const send = (token: string) =>
        h.request(url, { method: 'POST', token, json: { phone: '+79991112233' } });
      for (let i = 0; i < 3; i++) expect((await send(a.token)).status).toBe(201);
      const refused = await send(a.token);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect((await json<{ detail: string }>(refused)).detail).toMatch(/заявк/);
      expect((await send(b.token)).status).toBe(201);
      expect(await outbox(h, { kind: 'callback_request' })).toHaveLength(4);

      h.clock.advance(61 * 60_000);
      expect((await send(await a.renew())).status).toBe(201);
    });
  });
});
