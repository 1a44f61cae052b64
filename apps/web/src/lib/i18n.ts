import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

/** Locales the portal ships; the first is the default. English strings live in one catalogue. */
export const LOCALES = ['en'] as const;
export type Locale = (typeof LOCALES)[number];

/** `/en/trades` → 'en'; a path without a known locale prefix → null. */
export function localePrefixOf(pathname: string): Locale | null {
  const first = pathname.split('/')[1] ?? '';
  return (LOCALES as readonly string[]).includes(first) ? (first as Locale) : null;
}

export function initI18n(locale: Locale = LOCALES[0]) {
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: locale,
    fallbackLng: LOCALES[0],
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = locale;
  return i18n;
}
