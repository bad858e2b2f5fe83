/**
 * The name to greet: in a full «Фамилия Имя Отчество» the second word is the given name; a shorter entry is taken
 * as the customer typed it (first word).
 */
export function givenName(fio: string | null | undefined): string {
  const parts = (fio ?? '').trim().split(/\s+/).filter(Boolean);
  return (parts.length >= 3 ? parts[1] : parts[0]) ?? '';
}
