import type { Deps } from '../../env';
import { profiles } from '../tables';

/** The demo customer's full profile (student of МГУ, 3rd year); the "complete your profile" popup is not needed. */
export async function seedProfile(deps: Deps, userId: number): Promise<void> {
  const now = deps.now();
  await deps.db
    .insert(profiles)
    .values({
      userId,
      birthday: '2004-05-17',
      sex: 'female',
      educationId: 3, // Бакалавриат
      university: 'МГУ им. М. В. Ломоносова',
      course: 3,
      groupHeader: 'Экономический факультет, группа Э-301',
      trainingFormId: 1, // Очная
      isTelegramContact: true,
      isViberContact: false,
      isWhatsappContact: true,
      telegram: '@anna_smirnova',
      diplomHpPopup: false,
      smsDelivery: true,
      emailDelivery: true,
      popupDismissedAt: now,
      sessionData: {},
      updatedAt: now,
    })
    .onConflictDoNothing();
}
