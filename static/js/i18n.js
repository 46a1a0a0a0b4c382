// The reader's catalogue (static/i18n/<lang>.json, the same one the server's
// templates use) and t(key, params). Keys are flat and dotted; `{name}`
// placeholders are filled from params. Missing keys fall back to English.
export const lang = document.documentElement.lang || "en";

// The page's import map gives the catalogue's fingerprinted URL (see app/assets.py).
async function load(code) {
  const response = await fetch(import.meta.resolve(`/static/i18n/${code}.json`));
  if (!response.ok) throw new Error(`catalogue ${code}: ${response.status}`);
  return response.json();
}

const messages = await load(lang);
const fallback = lang === "en" ? messages : await load("en");

export function has(key) {
  return key in messages || key in fallback;
}

export function t(key, params = {}) {
  const text = messages[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// Words that change with a number ("1 chip", "2 chips"): the catalogue holds
// `<key>.one` and `<key>.other` (every language lists both; Chinese says the
// same in both), and the reader's plural rule picks one for `count`.
const pluralRules = new Intl.PluralRules(lang);
export function tp(key, count, params = {}) {
  const form = `${key}.${pluralRules.select(Number(count))}`;
  return t(has(form) ? form : `${key}.other`, params);
}

const numberFormat = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
export function num(value) {
  return numberFormat.format(value);
}

// A clock time the reader's way, in the page's language (not the browser's): "6:06 PM" in
// English, "18:06" in Portuguese and Chinese.
const clockFormat = new Intl.DateTimeFormat(lang, { hour: "numeric", minute: "2-digit" });
export function clock(date) {
  return clockFormat.format(date);
}

// A list of names joined the reader's way ("A, B and C" / "A、B和C").
const listFormat = new Intl.ListFormat(lang, { style: "long", type: "conjunction" });
export function joinList(items) {
  return listFormat.format(items.map(String));
}
