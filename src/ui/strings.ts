/** Default texts of the shared components (Russian UI); features may pass their own. */
export const uiStrings = {
  close: 'Закрыть',
  dismiss: 'Скрыть уведомление',
  loading: 'Загрузка…',
  showPassword: 'Показать пароль',
  hidePassword: 'Скрыть пароль',
  notifications: 'Уведомления',
  errorSummaryTitle: 'Проверьте форму',
  carousel: 'Карусель',
  carouselSlide: (n: number, total: number) => `${n} из ${total}`,
  carouselPrev: 'Предыдущий слайд',
  carouselNext: 'Следующий слайд',
  carouselPause: 'Остановить прокрутку',
  carouselPlay: 'Запустить прокрутку',
  carouselGoTo: (n: number) => `Перейти к слайду ${n}`,
  required: 'обязательное поле',
} as const;
