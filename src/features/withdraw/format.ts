export const digits = (text: string) => text.replace(/\D/g, '');
