// The OpenAPI 3.1 document of the API, generated from the endpoint table (contract/api.ts) and its zod schemas
// (zod 4's toJSONSchema: what goes in as the input side of its transforms, what comes back as the output side), so
// it cannot drift from what the server validates. Served at GET /api/openapi.json; /api/docs shows it.
import * as z from 'zod/mini';
import { api } from '../contract/api';
import { bodyLimitOf, splitKey, type EndpointKey, type EndpointSpec, type Schema } from '../contract/http';

type Json = Record<string, unknown>;

/** What each error status means to a caller, in the customers' language (spec point 8). */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Неверный запрос: `{ detail }` или ошибки полей `{ поле: ["сообщение"] }`.',
  401: 'Нужен вход: токен не передан, недействителен или просрочен.',
  403: 'Нет доступа.',
  404: 'Не найдено (в том числе чужой заказ, файл или платёж).',
  409: 'Конфликт с текущим состоянием.',
  422: 'Тот же Idempotency-Key с другим запросом.',
  413: 'Слишком большой запрос: тело больше предела этого вызова.',
  429: 'Слишком много запросов: повторить можно через `Retry-After` секунд.',
};

const AUTH_DESCRIPTIONS = {
  customer: 'Заказчик: токен доступа в заголовке `Authorization: Bearer …`.',
  staff:
    'Сотрудник: токен доступа сотрудника (вход с паролем и кодом), ключ API или STAFF_TOKEN в заголовке `Authorization: Bearer …`.',
  public: 'Без входа.',
} as const;

const SUCCESS_DESCRIPTIONS = {
  json: 'Успешный ответ.',
  file: 'Файл.',
  redirect: 'Переход на страницу кабинета (`Location`).',
  html: 'HTML-страница.',
} as const;

function toSchema(schema: Schema, io: 'input' | 'output'): Json {
  const js = z.toJSONSchema(schema as z.ZodMiniType, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Json;
  delete js.$schema;
  return js;
}

const opId = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .split(/[/{}:-]+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1).replace(/_(\w)/g, (_, c: string) => c.toUpperCase()))
    .join('');

function kilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} МБ` : `${bytes / 1024} КБ`;
}

function operation(method: string, path: string, spec: EndpointSpec): Json {
  const op: Json = { operationId: opId(method, path), tags: [tagOf(path)] };
  const notes: string[] = [AUTH_DESCRIPTIONS[spec.auth]];
  if (spec.auth === 'staff')
    notes.push(spec.role === 'any' ? 'Любая роль.' : `Роль: ${spec.role}, иначе 403.`);
  if (spec.audited) notes.push('Чтение персональных данных: пишется в журнал аудита.');
  if (method !== 'GET') notes.push(`Тело не больше ${kilobytes(bodyLimitOf(spec))}, иначе 413.`);
  if (spec.perCaller)
    notes.push(
      `Не больше ${spec.perCaller.max} вызовов за ${spec.perCaller.windowMs / 60_000} мин с одного адреса${spec.perCaller.counted === 'instance' ? ' (счёт на каждом экземпляре сервера)' : ''}, иначе 429.`,
    );
  op.description = notes.join(' ');
  if (spec.auth === 'staff' && spec.role) op['x-staff-role'] = spec.role;
  if (spec.auth === 'customer') op.security = [{ customer: [] }];
  else if (spec.auth === 'staff') op.security = [{ staff: [] }];
  else op.security = [];

  const parameters: Json[] = [];
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramProps = spec.params
    ? ((toSchema(spec.params, 'input').properties ?? {}) as Record<string, Json>)
    : {};
  for (const name of names)
    parameters.push({ name, in: 'path', required: true, schema: paramProps[name] ?? { type: 'string' } });
  if (spec.query) {
    const q = toSchema(spec.query, 'input');
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties ?? {}) as Record<string, Json>))
      parameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  if (parameters.length) op.parameters = parameters;

  if (spec.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: toSchema(spec.body, 'input') } },
    };
  } else if (spec.form) {
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': { schema: { type: 'object', additionalProperties: true } },
        'application/x-www-form-urlencoded': { schema: { type: 'object', additionalProperties: true } },
      },
    };
  }

  const responses: Json = {};
  const success = String(spec.status ?? 200);
  if (spec.answer)
    responses[success] = {
      description: SUCCESS_DESCRIPTIONS.json,
      content: { 'application/json': { schema: toSchema(spec.answer, 'output') } },
    };
  else if (spec.answers === 'file')
    responses[success] = {
      description: SUCCESS_DESCRIPTIONS.file,
      content: {
        'application/octet-stream': {
          schema: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      },
    };
  else if (spec.answers === 'html')
    responses[success] = {
      description: SUCCESS_DESCRIPTIONS.html,
      content: { 'text/html': { schema: { type: 'string' } } },
    };
  else if (spec.answers === 'redirect') responses[success] = { description: SUCCESS_DESCRIPTIONS.redirect };
  else responses[success] = { description: SUCCESS_DESCRIPTIONS.json };
  for (const other of spec.otherStatuses ?? [])
    responses[String(other)] ??= { ...(responses[success] as Json), description: 'Повтор того же запроса.' };

  const errors = new Set<number>(spec.errors);
  if (spec.auth !== 'public') errors.add(401);
  if (spec.auth === 'staff') errors.add(403);
  if (method !== 'GET') errors.add(413);
  if (spec.perCaller) errors.add(429);
  for (const status of [...errors].sort())
    responses[String(status)] = !ERROR_DESCRIPTIONS[status]
      ? {
          description: 'Ошибка.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Detail' } } },
        }
      : {
          $ref:
            status === 400 ? '#/components/responses/BadRequest' : `#/components/responses/Error${status}`,
        };
  op.responses = responses;
  return op;
}

function tagOf(path: string): string {
  if (path.startsWith('/api/staff/')) return 'Сотрудники';
  const part = path.split('/').filter(Boolean);
  const group = part[0] === 'api' ? part[2] : part[2];
  return (
    {
      auth: 'Вход и сеансы',
      profile: 'Профиль',
      orders: 'Заказы',
      payments: 'Платежи',
      socials: 'Соцсети',
      'change-email': 'Смена e-mail',
      callbacks: 'Профиль',
    }[group ?? ''] ?? 'Прочее'
  );
}

let built: Json | undefined;

/** The document (built once: the table does not change while the server runs). */
export function openApiDocument(version = '0.1.0'): Json {
  if (built) return built;
  const paths: Record<string, Json> = {};
  for (const [key, spec] of Object.entries(api) as [EndpointKey, EndpointSpec][]) {
    const [method, path] = splitKey(key);
    const openPath = path.replace(/:(\w+)/g, '{$1}');
    (paths[openPath] ??= {})[method.toLowerCase()] = operation(method, path, spec);
  }
  const detail = { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] };
  const fieldErrors = { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } };
  const errorResponses: Json = {
    BadRequest: {
      description: ERROR_DESCRIPTIONS[400],
      content: {
        'application/json': {
          schema: {
            oneOf: [{ $ref: '#/components/schemas/Detail' }, { $ref: '#/components/schemas/FieldErrors' }],
          },
        },
      },
    },
  };
  for (const status of Object.keys(ERROR_DESCRIPTIONS)
    .map(Number)
    .filter((s) => s !== 400))
    errorResponses[`Error${status}`] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Detail' } } },
      ...(status === 429
        ? {
            headers: {
              'Retry-After': { description: 'Секунды до следующей попытки.', schema: { type: 'integer' } },
            },
          }
        : {}),
    };
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Личный кабинет заказчика — API',
      version,
      description:
        'Все вызовы кабинета, созданные из таблицы вызовов (contract/api.ts) и её схем zod. Ошибки — `{ detail }` ' +
        'или ошибки полей, по-русски. Пределы: тело запроса — по строке таблицы (JSON — 1 МБ, файлы — 50 МБ, ' +
        'остальное — 16 КБ); публичные записи ограничены по адресу клиента (429 с `Retry-After`).',
    },
    servers: [{ url: '/' }],
    tags: [
      'Вход и сеансы',
      'Профиль',
      'Смена e-mail',
      'Соцсети',
      'Заказы',
      'Платежи',
      'Сотрудники',
      'Прочее',
    ].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        customer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: AUTH_DESCRIPTIONS.customer,
        },
        staff: { type: 'http', scheme: 'bearer', description: AUTH_DESCRIPTIONS.staff },
      },
      schemas: { Detail: detail, FieldErrors: fieldErrors },
      responses: errorResponses,
    },
  };
  return built;
}
