import type { Deps } from '../../env';
import { chatMessages, orderDrafts, orderFiles, orders, reworks } from '../tables';
import { ORDER_STATUSES as S } from '../../../contract/order-status';
import { storeBytes } from '../../domain/order-files';
import { STAFF_NAMES } from '../../domain/chat';

const DAY = 86_400_000;

/** A small valid one-page PDF (Latin text: the built-in fonts have no Cyrillic). */
function tinyPdf(title: string): Uint8Array {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const rtf = (text: string) =>
  new TextEncoder().encode(
    `{\\rtf1\\ansi\\ansicpg1251\\deff0{\\fonttbl{\\f0 Times New Roman;}}\\f0\\fs28 ${[...text]
      .map((ch) => (ch.charCodeAt(0) > 127 ? `\\u${ch.charCodeAt(0)}?` : ch))
      .join('')}\\par}`,
  );

type Spec = {
  key: string;
  statusId: number;
  workType: string;
  subject: string;
  topic: string;
  pages: number;
  price: number;
  paid?: number;
  isTrash?: boolean;
  ageDays: number;
  deadlineInDays: number;
  guaranteeDays?: number;
};

const ORDERS: Spec[] = [
  {
    key: 'pay1',
    statusId: S.awaitingPayment.id,
    workType: 'Курсовая работа',
    subject: 'Экономика',
    topic: 'Анализ финансовой устойчивости ООО «Вектор»',
    pages: 35,
    price: 4800,
    ageDays: 1,
    deadlineInDays: 18,
  },
  {
    key: 'pay2',
    statusId: S.awaitingPayment.id,
    workType: 'Реферат',
    subject: 'История',
    topic: 'Реформы Петра I и их влияние на экономику России',
    pages: 15,
    price: 1500,
    ageDays: 2,
    deadlineInDays: 7,
  },
  {
    key: 'pay3',
    statusId: S.awaitingPayment.id,
    workType: 'Отчёт по практике',
    subject: 'Менеджмент',
    topic: 'Отчёт по производственной практике в АО «Северсталь»',
    pages: 25,
    price: 6200,
    paid: 2000,
    ageDays: 3,
    deadlineInDays: 12,
  },
  {
    key: 'pay4',
    statusId: S.awaitingPayment.id,
    workType: 'Дипломная работа',
    subject: 'Юриспруденция',
    topic: 'Правовое регулирование обработки персональных данных в РФ',
    pages: 20,
    price: 9000,
    ageDays: 4,
    deadlineInDays: 40,
  },
  {
    key: 'pricing',
    statusId: S.pricing.id,
    workType: 'Другое',
    subject: 'Статистика',
    topic: 'Обработка результатов опроса в SPSS',
    pages: 10,
    price: 0,
    ageDays: 0,
    deadlineInDays: 9,
  },
  {
    key: 'new',
    statusId: S.new.id,
    workType: 'Эссе',
    subject: 'Философия',
    topic: 'Свобода воли в философии Канта',
    pages: 5,
    price: 0,
    ageDays: 0,
    deadlineInDays: 5,
  },
  {
    key: 'work',
    statusId: S.inWork.id,
    workType: 'Магистерская диссертация',
    subject: 'Педагогика',
    topic: 'Цифровые образовательные технологии в начальной школе',
    pages: 80,
    price: 8500,
    paid: 8500,
    ageDays: 10,
    deadlineInDays: 25,
  },
  {
    key: 'guarantee',
    statusId: S.guarantee.id,
    workType: 'Курсовая работа',
    subject: 'Маркетинг',
    topic: 'Продвижение бренда в социальных сетях',
    pages: 30,
    price: 5200,
    paid: 5200,
    ageDays: 20,
    deadlineInDays: -8,
    guaranteeDays: 12,
  },
  {
    key: 'rework',
    statusId: S.rework.id,
    workType: 'Контрольная работа',
    subject: 'Высшая математика',
    topic: 'Решение задач по теории вероятностей',
    pages: 8,
    price: 1900,
    paid: 1900,
    ageDays: 15,
    deadlineInDays: -5,
    guaranteeDays: 15,
  },
  {
    key: 'done1',
    statusId: S.done.id,
    workType: 'Эссе',
    subject: 'Психология',
    topic: 'Эмоциональный интеллект руководителя',
    pages: 6,
    price: 1600,
    paid: 1600,
    ageDays: 60,
    deadlineInDays: -30,
    guaranteeDays: -10,
  },
  {
    key: 'done2',
    statusId: S.done.id,
    workType: 'Реферат',
    subject: 'Биология',
    topic: 'Генетически модифицированные организмы: польза и риски',
    pages: 18,
    price: 2100,
    paid: 2100,
    ageDays: 90,
    deadlineInDays: -70,
    guaranteeDays: -50,
  },
  {
    key: 'cancelled',
    statusId: S.cancelled.id,
    workType: 'Презентация',
    subject: 'Информатика',
    topic: 'Облачные вычисления в бизнесе',
    pages: 15,
    price: 1800,
    ageDays: 40,
    deadlineInDays: -20,
  },
  {
    key: 'trash',
    statusId: S.awaitingPayment.id,
    workType: 'Курсовая работа',
    subject: 'Социология',
    topic: 'Молодёжные субкультуры в современном городе',
    pages: 30,
    price: 4300,
    isTrash: true,
    ageDays: 30,
    deadlineInDays: -2,
  },
];

/** Demo data of the orders domain for the demo customer: every tab and status, chats, files, a rework, a draft. */
export async function seedOrders(deps: Deps, userId: number): Promise<void> {
  const now = deps.now().getTime();
  const at = (days: number, hours = 0) => new Date(now + days * DAY + hours * 3_600_000);
  const ids: Record<string, number> = {};
  for (const o of ORDERS) {
    const [row] = await deps.db
      .insert(orders)
      .values({
        userId,
        statusId: o.statusId,
        isTrash: o.isTrash ?? false,
        workType: o.workType,
        subject: o.subject,
        topic: o.topic,
        pages: o.pages,
        originality: 70,
        deadline: at(o.deadlineInDays),
        requirements: 'Оформление по ГОСТ, шрифт 14, интервал 1,5. Источники — не старше 5 лет.',
        price: o.price,
        paid: o.paid ?? 0,
        guaranteeUntil: o.guaranteeDays === undefined ? null : at(o.guaranteeDays),
        createdAt: at(-o.ageDays),
        updatedAt: at(-o.ageDays / 2),
      })
      .returning({ id: orders.id });
    if (row) ids[o.key] = row.id;
  }

  const file = async (
    key: string,
    name: string,
    bytes: Uint8Array,
    mime: string,
    kind: 'customer' | 'intermediate' | 'final',
    ageDays: number,
    extra: { reworkId?: number; isReviewed?: boolean } = {},
  ) => {
    const orderId = ids[key];
    if (!orderId) return;
    const storageName = await storeBytes(deps, bytes, mime);
    await deps.db.insert(orderFiles).values({
      userId,
      orderId,
      kind,
      author: kind === 'customer' ? 'customer' : 'writer',
      name,
      size: bytes.byteLength,
      mime,
      storageName,
      isReviewed: extra.isReviewed ?? false,
      reworkId: extra.reworkId ?? null,
      createdAt: at(-ageDays),
    });
  };
  const txt = (s: string) => new TextEncoder().encode(s);
  const TXT = 'text/plain; charset=utf-8';

  await file(
    'pay1',
    'Методические указания.txt',
    txt('Методические указания к курсовой работе по экономике.\n'),
    TXT,
    'customer',
    1,
  );
  await file(
    'work',
    'Задание на ВКР.rtf',
    rtf('Задание на выпускную квалификационную работу'),
    'application/rtf',
    'customer',
    10,
  );
  await file(
    'work',
    'Глава 1 — черновик.rtf',
    rtf('Глава 1. Теоретические основы цифрового обучения'),
    'application/rtf',
    'intermediate',
    3,
  );
  await file(
    'guarantee',
    'План курсовой.txt',
    txt('1. Введение\n2. Теория\n3. Анализ\n4. Заключение\n'),
    TXT,
    'intermediate',
    14,
    { isReviewed: true },
  );
  await file(
    'guarantee',
    'Курсовая — итоговая версия.pdf',
    tinyPdf('Kursovaya rabota: final version'),
    'application/pdf',
    'final',
    8,
  );
  await file(
    'rework',
    'Решение задач.pdf',
    tinyPdf('Teoriya veroyatnostey: resheniya'),
    'application/pdf',
    'final',
    5,
    { isReviewed: true },
  );
  await file('done1', 'Эссе.pdf', tinyPdf('Esse: emotsionalny intellekt'), 'application/pdf', 'final', 30, {
    isReviewed: true,
  });
  await file('done2', 'Реферат.pdf', tinyPdf('Referat: GMO'), 'application/pdf', 'final', 70, {
    isReviewed: true,
  });

  if (ids.rework) {
    const [rw] = await deps.db
      .insert(reworks)
      .values({
        orderId: ids.rework,
        comment:
          'В задаче 4 неверно найдена дисперсия, пересчитайте, пожалуйста. И добавьте пояснения к задаче 6.',
        deadline: at(3),
        createdAt: at(-1),
      })
      .returning({ id: reworks.id });
    if (rw)
      await file(
        'rework',
        'Замечания преподавателя.txt',
        txt('Задача 4: D(X) посчитана с ошибкой.\n'),
        TXT,
        'customer',
        1,
        {
          reworkId: rw.id,
        },
      );
  }

  type Line = [author: 'customer' | 'writer' | 'manager', text: string, hoursAgo: number, unread?: boolean];
  const chat = async (key: string, lines: Line[]) => {
    const orderId = ids[key];
    if (!orderId) return;
    await deps.db.insert(chatMessages).values(
      lines.map(([author, text, hoursAgo, unread]) => ({
        orderId,
        author,
        authorName: author === 'customer' ? 'Анна Смирнова' : STAFF_NAMES[author],
        text,
        createdAt: at(0, -hoursAgo),
        readAt: author === 'customer' || unread ? null : at(0, -hoursAgo + 1),
      })),
    );
  };
  await chat('pay1', [
    [
      'manager',
      'Здравствуйте! Заказ оценён, стоимость 4 800 ₽. После оплаты автор сразу приступит.',
      20,
      true,
    ],
  ]);
  await chat('work', [
    ['manager', 'Добрый день! Автор назначен, срок сдачи первой главы — через неделю.', 230],
    ['customer', 'Спасибо! Научный руководитель просит больше зарубежных источников.', 200],
    ['writer', 'Учту, добавлю 8–10 статей на английском.', 190],
    ['writer', 'Загрузил черновик первой главы, посмотрите, пожалуйста.', 72],
    ['writer', 'Если есть замечания — пишите, поправлю до конца недели.', 5, true],
  ]);
  await chat('guarantee', [
    ['writer', 'План согласован, приступаю к анализу.', 330],
    ['customer', 'Отлично, жду.', 320],
    ['writer', 'Готовая работа загружена во вкладку «Файлы».', 192],
    [
      'manager',
      'Гарантия на доработки — 20 дней. Если преподаватель попросит правки, оформите доработку.',
      190,
      true,
    ],
  ]);
  await chat('rework', [
    ['customer', 'Преподаватель нашёл ошибку в задаче 4, оформила доработку.', 24],
    ['writer', 'Вижу, пересчитаю сегодня вечером.', 3, true],
  ]);
  await chat('done1', [
    ['writer', 'Эссе готово, проверено на оригинальность — 82 %.', 720],
    ['customer', 'Спасибо, получила «отлично»!', 600],
  ]);

  await deps.db.insert(orderDrafts).values({
    userId,
    fields: {
      work_type: 'Курсовая работа',
      subject: 'Экономика',
      topic: 'Влияние инфляции на потребительский спрос',
      pages: '25',
      originality: '75',
    },
    createdAt: at(0, -6),
    updatedAt: at(0, -5),
  });
}
