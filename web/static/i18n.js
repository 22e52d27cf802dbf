// Localized strings of the page (pl, cs, en) and the helpers that apply them.

const strings = {
  en: {
    'skip': 'Skip to content',
    'nav.cost': 'Points', 'cost.title': 'Unit points (quality-d6)', 'cost.intro': 'The rulebook\'s cost formula: each factor is listed so you can check it by hand.',
    'cost.models': 'Models', 'cost.quality': 'Quality', 'cost.defense': 'Defense', 'cost.toughness': 'Toughness',
    'cost.abilities': 'Abilities (comma-separated)', 'cost.weapons': 'Weapons', 'cost.add': 'Add a weapon', 'cost.name': 'Name',
    'cost.attacks': 'Attacks', 'cost.range': 'Range (" or melee)', 'cost.wabilities': 'Weapon abilities', 'cost.remove': 'Remove',
    'cost.total': '{n} points', 'cost.per': '{n} per model · {kind}', 'cost.melee': 'a melee unit', 'cost.ranged': 'a shooting unit',
    'lang.label': 'Language', 'nav.rules': 'Rules', 'nav.dice': 'Dice', 'nav.attack': 'Attack',
    'rules.title': 'Rules', 'rules.query': 'Search the rules', 'rules.placeholder': 'e.g. cover, blast, power shot',
    'rules.system': 'Rulebook', 'rules.all': 'All rulebooks', 'rules.search': 'Search',
    'rules.permalink': 'Link', 'rules.copy': 'Copy link', 'rules.copied': 'Link copied',
    'rules.none': 'Nothing found. Try another word or fewer words.', 'rules.count': '{n} results',
    'rules.aliases': 'Also known as: {list}', 'rules.house': 'House rule',
    'dice.title': 'Dice', 'dice.expr': 'Dice expression', 'dice.roll': 'Roll', 'dice.help': 'Notation',
    'dice.helptext': '2d6+1 · 3k6 (k is a die too) · d% · dF · 4d6kh3 (keep highest) · 2d20kl1 · 6d6!  (explode) · 8d10>=7 (count successes) · 6x 4d6kh3 (six rolls) · 2d6+3 # sword',
    'dice.odds': 'Odds', 'dice.mean': 'mean {mean} · σ {sd} · range {min}–{max}', 'dice.total': 'Total',
    'attack.title': 'Attack calculator', 'attack.system': 'Rulebook', 'attack.attack': 'Attack', 'attack.test': 'Test',
    'attack.steps': 'Steps', 'attack.action': 'Action', 'attack.rolled': 'Rolled', 'attack.odds': 'Odds of {what}',
    'error.network': 'The server cannot be reached. Check the connection and try again.',
    'footer': 'Dice and rules for the table.',
  },
  pl: {
    'skip': 'Przejdź do treści',
    'nav.cost': 'Punkty', 'cost.title': 'Koszt oddziału (quality-d6)', 'cost.intro': 'Wzór kosztu z podręcznika: każdy czynnik jest wypisany, by można go sprawdzić ręcznie.',
    'cost.models': 'Modele', 'cost.quality': 'Jakość', 'cost.defense': 'Obrona', 'cost.toughness': 'Wytrzymałość',
    'cost.abilities': 'Zdolności (po przecinku)', 'cost.weapons': 'Bronie', 'cost.add': 'Dodaj broń', 'cost.name': 'Nazwa',
    'cost.attacks': 'Ataki', 'cost.range': 'Zasięg (" lub wręcz)', 'cost.wabilities': 'Zdolności broni', 'cost.remove': 'Usuń',
    'cost.total': '{n} pkt', 'cost.per': '{n} za model · {kind}', 'cost.melee': 'oddział walczący wręcz', 'cost.ranged': 'oddział strzelecki',
    'lang.label': 'Język', 'nav.rules': 'Zasady', 'nav.dice': 'Kości', 'nav.attack': 'Atak',
    'rules.title': 'Zasady', 'rules.query': 'Szukaj w zasadach', 'rules.placeholder': 'np. osłona, rozprysk, zabójczy',
    'rules.system': 'Podręcznik', 'rules.all': 'Wszystkie podręczniki', 'rules.search': 'Szukaj',
    'rules.permalink': 'Link', 'rules.copy': 'Kopiuj link', 'rules.copied': 'Skopiowano link',
    'rules.none': 'Nic nie znaleziono. Spróbuj innego słowa albo mniej słów.', 'rules.count': 'Wyniki: {n}',
    'rules.aliases': 'Inne nazwy: {list}', 'rules.house': 'Zasada domowa',
    'dice.title': 'Kości', 'dice.expr': 'Wyrażenie kości', 'dice.roll': 'Rzuć', 'dice.help': 'Zapis',
    'dice.helptext': '2k6+1 · 3d6 (d też oznacza kość) · k% · kF · 4k6kh3 (zachowaj najwyższe) · 2k20kl1 · 6k6! (eksplodujące) · 8k10>=7 (licz sukcesy) · 6x 4k6kh3 (sześć rzutów) · 2k6+3 # miecz',
    'dice.odds': 'Szanse', 'dice.mean': 'średnia {mean} · σ {sd} · zakres {min}–{max}', 'dice.total': 'Suma',
    'attack.title': 'Kalkulator ataku', 'attack.system': 'Podręcznik', 'attack.attack': 'Atak', 'attack.test': 'Test',
    'attack.steps': 'Kroki', 'attack.action': 'Akcja', 'attack.rolled': 'Rzut', 'attack.odds': 'Szanse: {what}',
    'error.network': 'Brak połączenia z serwerem. Sprawdź sieć i spróbuj ponownie.',
    'footer': 'Kości i zasady przy stole.',
  },
  cs: {
    'skip': 'Přejít na obsah',
    'nav.cost': 'Body', 'cost.title': 'Body jednotky (quality-d6)', 'cost.intro': 'Vzorec ceny z pravidel: každý činitel je vypsán, aby šel ověřit ručně.',
    'cost.models': 'Modely', 'cost.quality': 'Kvalita', 'cost.defense': 'Obrana', 'cost.toughness': 'Odolnost',
    'cost.abilities': 'Schopnosti (oddělené čárkou)', 'cost.weapons': 'Zbraně', 'cost.add': 'Přidat zbraň', 'cost.name': 'Název',
    'cost.attacks': 'Útoky', 'cost.range': 'Dostřel (" nebo melee)', 'cost.wabilities': 'Schopnosti zbraně', 'cost.remove': 'Odebrat',
    'cost.total': '{n} bodů', 'cost.per': '{n} za model · {kind}', 'cost.melee': 'jednotka na blízko', 'cost.ranged': 'střelecká jednotka',
    'lang.label': 'Jazyk', 'nav.rules': 'Pravidla', 'nav.dice': 'Kostky', 'nav.attack': 'Útok',
    'rules.title': 'Pravidla', 'rules.query': 'Hledat v pravidlech', 'rules.placeholder': 'např. krytí, power shot, fumble',
    'rules.system': 'Pravidla hry', 'rules.all': 'Všechna pravidla', 'rules.search': 'Hledat',
    'rules.permalink': 'Odkaz', 'rules.copy': 'Kopírovat odkaz', 'rules.copied': 'Odkaz zkopírován',
    'rules.none': 'Nic nenalezeno. Zkuste jiné slovo nebo méně slov.', 'rules.count': 'Výsledků: {n}',
    'rules.aliases': 'Také: {list}', 'rules.house': 'Domácí pravidlo',
    'dice.title': 'Kostky', 'dice.expr': 'Zápis kostek', 'dice.roll': 'Hodit', 'dice.help': 'Zápis',
    'dice.helptext': '2d6+1 · 3k6 (k je také kostka) · d% · dF · 4d6kh3 (nejvyšší) · 2d20kl1 · 6d6! (explodující) · 8d10>=7 (počet úspěchů) · 6x 4d6kh3 (šest hodů) · 2d6+3 # meč',
    'dice.odds': 'Šance', 'dice.mean': 'průměr {mean} · σ {sd} · rozsah {min}–{max}', 'dice.total': 'Součet',
    'attack.title': 'Kalkulačka útoku', 'attack.system': 'Pravidla hry', 'attack.attack': 'Útok', 'attack.test': 'Test',
    'attack.steps': 'Kroky', 'attack.action': 'Akce', 'attack.rolled': 'Hod', 'attack.odds': 'Šance: {what}',
    'error.network': 'Server je nedostupný. Zkontrolujte připojení a zkuste to znovu.',
    'footer': 'Kostky a pravidla ke stolu.',
  },
};

export const languages = Object.keys(strings);
let current = 'en';

// pickLanguage returns the saved language, else the browser's first
// supported one, else English.
export function pickLanguage() {
  const saved = localStorage.getItem('kostka.lang');
  if (languages.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const base = l.toLowerCase().split('-')[0];
    if (languages.includes(base)) return base;
  }
  return 'en';
}

export function setLanguage(lang) {
  current = languages.includes(lang) ? lang : 'en';
  localStorage.setItem('kostka.lang', current);
  document.documentElement.lang = current;
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
}

export function language() { return current; }

// t returns the localized string for key, with {name} placeholders filled.
export function t(key, vars = {}) {
  const s = strings[current][key] ?? strings.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ''));
}
