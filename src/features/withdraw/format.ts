const day = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});
export const formatDay = (iso: string) => day.format(new Date(iso));

export const digits = (text: string) => text.replace(/\D/g, '');
