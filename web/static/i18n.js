// Localized strings of the page (pl, cs, en) and the helpers that apply them.

export const messages = {
  en: {
    'home.intro': 'Kostka looks up the rules of four tabletop wargames, rolls dice with exact odds and works out attacks step by step.',
    'home.try': 'Try:', 'home.rule': 'a rule: Cover', 'home.roll': 'a roll: 4d6, keep the three highest', 'home.attack': 'an attack: ten shots',
    'rules.notfound': 'There is no such rule. Search for it in the box above.', 'rules.loading': 'Loading…',
    'dice.history': 'History', 'dice.roll.n': 'Roll {n}', 'dice.bad': 'This expression cannot be read (at character {pos}). See the notation below.',
    'dice.mode': 'Chart shows', 'attack.result': 'Result', 'attack.none': 'Press “Roll” to roll this attack.',
    'error.request': 'The server refused the request ({status}).', 'error.value': '{label}: {detail}',
    'nav.views': 'Views', 'nav.api': 'API', 'api.title': 'API', 'api.intro': 'Every route of the API, its parameters and an example to run.',
    'api.in.query': 'query', 'api.in.path': 'path',
    'api.try': 'Run the example', 'api.params': 'Parameters', 'api.body': 'Request body (JSON)', 'api.required': 'required',
    'cost.system': 'Quality and Defense d6', 'cost.rifle': 'rifle', 'cost.knife': 'knife', 'cost.ap': 'AP',
    'unit.title': 'Unit: name, link and file', 'unit.name': 'Unit name', 'unit.share': 'Copy a link to this unit',
    'unit.link': 'Link to this unit', 'unit.copied': 'Link copied.', 'unit.ready': 'The link is ready: copy it from the box.',
    'unit.export': 'Download as a file (JSON)', 'unit.file': 'Import a file', 'unit.paste': 'Or paste the file’s JSON',
    'unit.import': 'Import', 'unit.pick': 'Unit from the file', 'unit.loaded': 'Loaded: {name}.', 'unit.unused': 'Not used here: {list}.',
    'unit.noname': 'Give the unit a name first.', 'unit.longname': 'The name is too long: at most {max} characters.',
    'unit.badname': 'The name contains a control character.',
    'unit.bad.json': 'This is not a JSON file.', 'unit.bad.format': 'This is not a Kostka units file (one saved by this page or by the bot).',
    'unit.bad.version': 'This units file has format {n}; the page reads format {want}.', 'unit.bad.empty': 'The file has no units.',
    'unit.bad.many': 'The file has too many units: at most {max}.', 'unit.bad.size': 'The file is too large: at most 1 MB.',
    'unit.bad.unit': 'Unit {n} of the file is incomplete: it needs a name (up to 64 characters), a game system and a profile.',
    'unit.attacker.name': 'Attacking unit’s name', 'unit.target.name': 'Target unit’s name', 'unit.target.pick': 'Load a unit of the file as the target',
    'unit.target.none': '(choose a unit)', 'unit.target.loaded': 'Loaded as the target: {name}.',
    'unit.target.same': 'The attacking unit and the target need different names.',
    'unit.bad.system': 'No unit here is for this view’s game system (the file’s: {systems}).', 'unit.bad.link': 'The unit in this link cannot be read.',
    'skip': 'Skip to content',
    'nav.compare': 'Compare', 'compare.title': 'Compare units', 'nav.cost': 'Points', 'cost.title': 'Unit points (Quality and Defense d6)', 'cost.intro': 'The rulebook\'s cost formula: each factor is listed so you can check it by hand.',
    'cost.models': 'Models', 'cost.quality': 'Quality', 'cost.defense': 'Defense', 'cost.toughness': 'Toughness',
    'cost.abilities': 'Abilities (comma-separated)', 'cost.weapons': 'Weapons', 'cost.add': 'Add a weapon', 'cost.name': 'Name',
    'cost.attacks': 'Attacks', 'cost.range': 'Range (" or melee)', 'cost.melee_range': 'melee', 'cost.wabilities': 'Weapon abilities', 'cost.remove': 'Remove',
    'cost.total': '{n} points', 'cost.per': '{n} per model · {kind}', 'cost.melee': 'a melee unit', 'cost.ranged': 'a shooting unit',
    'lang.label': 'Language', 'nav.rules': 'Rules', 'nav.dice': 'Dice', 'nav.attack': 'Attack',
    'rules.title': 'Rules', 'rules.query': 'Search the rules', 'rules.placeholder': 'e.g. cover, blast, power shot',
    'rules.system': 'Rulebook', 'rules.all': 'All rulebooks', 'rules.search': 'Search',
    'rules.permalink': 'Link', 'rules.copy': 'Copy link', 'rules.copied': 'Link copied',
    'rules.none': 'Nothing found. Try another word or fewer words.', 'rules.weak': 'No close match for “{q}”. Did you mean:', 'rules.count': '{n} results',
    'rules.aliases': 'Also known as: {list}', 'rules.house': 'House rule',
    'dice.title': 'Dice', 'dice.expr': 'Dice expression', 'dice.roll': 'Roll', 'dice.help': 'Notation',
    'dice.helptext': '2d6+1 · 3k6 (k is a die too) · d% · dF · 4d6kh3 (keep highest) · 2d20kl1 · 6d6!  (explode) · 8d10>=7 (count successes) · 6x 4d6kh3 (six rolls) · 2d6+3 # sword',
    'dice.odds': 'Odds', 'dice.mean': 'mean {mean} · σ {sd} · range {min}–{max}', 'dice.total': 'Total',
    'attack.title': 'Attack calculator', 'attack.system': 'Rulebook', 'attack.attack': 'Attack', 'attack.test': 'Test',
    'attack.steps': 'Steps', 'attack.action': 'Action', 'attack.rolled': 'Rolled', 'attack.rules': 'Rules applied', 'attack.odds': 'Odds of {what}',
    'list.add': 'Add a row', 'list.row': 'Row {n}', 'list.remove': 'Remove row {n}',
    'error.network': 'The server cannot be reached. Check the connection and try again.',
    'read.dice.one': '{n} die {die}', 'read.dice.other': '{n} dice {die}', 'read.reroll': 'rerolling {on}', 'read.rerollonce': 'rerolling {on} once',
    'read.explode': 'exploding on {on}', 'read.compound': 'exploding on {on} into one die', 'read.penetrate': 'penetrating on {on} (each extra die −1)',
    'read.keep.h': 'keeping the highest {n}', 'read.keep.l': 'keeping the lowest {n}', 'read.drop.h': 'dropping the highest {n}', 'read.drop.l': 'dropping the lowest {n}',
    'read.count': 'counting successes on {on}', 'read.failures': 'failures on {on}', 'read.summed': 'summed', 'read.counted': 'successes counted',
    'read.repeated': 'repeated {n}×: {what}', 'read.as': 'Read as: {what}.',
    'chart.describe': '{what}: totals from {min} to {max}; the most likely is {top} ({p}); mean {mean}.',
    'chart.tap': 'Tap a bar to see its value.', 'chart.table': 'Table of exact percentages', 'chart.copy': 'Copy the table',
    'chart.copied': 'Table copied.', 'chart.select': 'The table is selected: copy it.',
    'nav.missing': 'Page not found', 'missing.text': 'There is no page at this address. Check it, or open one of the views above.', 'missing.home': 'Search the rules',
    'result.stale': 'This result is for the earlier inputs.',
    'cost.compute': 'Count the points',
    'unit.save': 'Save on this device', 'unit.library': 'Units saved on this device', 'unit.library.empty': 'No unit is saved on this device yet.',
    'unit.library.name': 'Name of saved unit {n}', 'unit.library.open': 'Open', 'unit.library.rename': 'Rename', 'unit.library.export': 'Download',
    'unit.library.delete': 'Delete', 'unit.library.taken': 'A saved unit is already called “{name}”.', 'unit.library.renamed': 'Renamed to “{name}”.',
    'unit.library.deleted': 'Deleted: {name}.', 'unit.library.saved': 'Saved on this device: {name}.',
    'error.required': 'Fill in “{label}”: it is required.', 'cost.badrange': 'Range: type the inches (0 to 36) or “melee”.',
    'footer': 'Dice and rules for the table.',
  },
  pl: {
    'home.intro': 'Kostka wyszukuje zasady czterech bitewnych gier stołowych, rzuca kośćmi z dokładnymi szansami i rozpisuje ataki krok po kroku.',
    'home.try': 'Wypróbuj:', 'home.rule': 'zasada: Osłona', 'home.roll': 'rzut: 4k6, zachowaj trzy najwyższe', 'home.attack': 'atak: dziesięć strzałów',
    'rules.notfound': 'Nie ma takiej zasady. Wyszukaj ją w polu powyżej.', 'rules.loading': 'Wczytywanie…',
    'dice.history': 'Historia', 'dice.roll.n': 'Rzut {n}', 'dice.bad': 'Nie da się odczytać tego wyrażenia (znak {pos}). Zobacz zapis poniżej.',
    'dice.mode': 'Wykres pokazuje', 'attack.result': 'Wynik', 'attack.none': 'Naciśnij „Rzuć”, by rozegrać ten atak.',
    'error.request': 'Serwer odrzucił zapytanie ({status}).', 'error.value': '{label}: {detail}',
    'nav.views': 'Widoki', 'nav.api': 'API', 'api.title': 'API', 'api.intro': 'Wszystkie ścieżki API, ich parametry i przykład do uruchomienia.',
    'api.in.query': 'w zapytaniu', 'api.in.path': 'w ścieżce',
    'api.try': 'Uruchom przykład', 'api.params': 'Parametry', 'api.body': 'Treść zapytania (JSON)', 'api.required': 'wymagany',
    'cost.system': 'Jakość i Obrona K6', 'cost.rifle': 'karabin', 'cost.knife': 'nóż', 'cost.ap': 'PP',
    'unit.title': 'Oddział: nazwa, link i plik', 'unit.name': 'Nazwa oddziału', 'unit.share': 'Kopiuj link do oddziału',
    'unit.link': 'Link do oddziału', 'unit.copied': 'Skopiowano link.', 'unit.ready': 'Link jest gotowy: skopiuj go z pola.',
    'unit.export': 'Pobierz jako plik (JSON)', 'unit.file': 'Wczytaj plik', 'unit.paste': 'Albo wklej JSON pliku',
    'unit.import': 'Wczytaj', 'unit.pick': 'Oddział z pliku', 'unit.loaded': 'Wczytano: {name}.', 'unit.unused': 'Nieużyte tutaj: {list}.',
    'unit.noname': 'Najpierw nadaj oddziałowi nazwę.', 'unit.longname': 'Nazwa jest za długa: najwyżej {max} znaków.',
    'unit.badname': 'Nazwa zawiera znak sterujący.',
    'unit.bad.json': 'To nie jest plik JSON.', 'unit.bad.format': 'To nie jest plik oddziałów Kostki (zapisany przez tę stronę albo przez bota).',
    'unit.bad.version': 'Ten plik oddziałów ma format {n}; strona czyta format {want}.', 'unit.bad.empty': 'W pliku nie ma oddziałów.',
    'unit.bad.many': 'W pliku jest za dużo oddziałów: najwyżej {max}.', 'unit.bad.size': 'Plik jest za duży: najwyżej 1 MB.',
    'unit.bad.unit': 'Oddział {n} w pliku jest niepełny: potrzebuje nazwy (do 64 znaków), systemu gry i profilu.',
    'unit.attacker.name': 'Nazwa oddziału atakującego', 'unit.target.name': 'Nazwa oddziału będącego celem', 'unit.target.pick': 'Wczytaj oddział z pliku jako cel',
    'unit.target.none': '(wybierz oddział)', 'unit.target.loaded': 'Wczytano jako cel: {name}.',
    'unit.target.same': 'Oddział atakujący i cel muszą mieć różne nazwy.',
    'unit.bad.system': 'Żaden oddział nie jest z systemu gry tego widoku (systemy w pliku: {systems}).', 'unit.bad.link': 'Nie da się odczytać oddziału z tego linku.',
    'skip': 'Przejdź do treści',
    'nav.compare': 'Porównaj', 'compare.title': 'Porównanie oddziałów', 'nav.cost': 'Punkty', 'cost.title': 'Koszt oddziału (Jakość i Obrona K6)', 'cost.intro': 'Wzór kosztu z podręcznika: każdy czynnik jest wypisany, by można go sprawdzić ręcznie.',
    'cost.models': 'Modele', 'cost.quality': 'Jakość', 'cost.defense': 'Obrona', 'cost.toughness': 'Wytrzymałość',
    'cost.abilities': 'Zdolności (po przecinku)', 'cost.weapons': 'Bronie', 'cost.add': 'Dodaj broń', 'cost.name': 'Nazwa',
    'cost.attacks': 'Ataki', 'cost.range': 'Zasięg (" lub wręcz)', 'cost.melee_range': 'wręcz', 'cost.wabilities': 'Zdolności broni', 'cost.remove': 'Usuń',
    'cost.total': '{n} pkt', 'cost.per': '{n} za model · {kind}', 'cost.melee': 'oddział walczący wręcz', 'cost.ranged': 'oddział strzelecki',
    'lang.label': 'Język', 'nav.rules': 'Zasady', 'nav.dice': 'Kości', 'nav.attack': 'Atak',
    'rules.title': 'Zasady', 'rules.query': 'Szukaj w zasadach', 'rules.placeholder': 'np. osłona, rozprysk, zabójczy',
    'rules.system': 'Podręcznik', 'rules.all': 'Wszystkie podręczniki', 'rules.search': 'Szukaj',
    'rules.permalink': 'Link', 'rules.copy': 'Kopiuj link', 'rules.copied': 'Skopiowano link',
    'rules.none': 'Nic nie znaleziono. Spróbuj innego słowa albo mniej słów.', 'rules.weak': 'Nic nie pasuje dokładnie do „{q}”. Czy chodziło o:', 'rules.count': 'Wyniki: {n}',
    'rules.aliases': 'Inne nazwy: {list}', 'rules.house': 'Zasada domowa',
    'dice.title': 'Kości', 'dice.expr': 'Wyrażenie kości', 'dice.roll': 'Rzuć', 'dice.help': 'Zapis',
    'dice.helptext': '2k6+1 · 3d6 (d też oznacza kość) · k% · kF · 4k6kh3 (zachowaj najwyższe) · 2k20kl1 · 6k6! (eksplodujące) · 8k10>=7 (licz sukcesy) · 6x 4k6kh3 (sześć rzutów) · 2k6+3 # miecz',
    'dice.odds': 'Szanse', 'dice.mean': 'średnia {mean} · σ {sd} · zakres {min}–{max}', 'dice.total': 'Suma',
    'attack.title': 'Kalkulator ataku', 'attack.system': 'Podręcznik', 'attack.attack': 'Atak', 'attack.test': 'Test',
    'attack.steps': 'Kroki', 'attack.action': 'Akcja', 'attack.rolled': 'Rzut', 'attack.rules': 'Zastosowane zasady', 'attack.odds': 'Szanse: {what}',
    'list.add': 'Dodaj wiersz', 'list.row': 'Wiersz {n}', 'list.remove': 'Usuń wiersz {n}',
    'error.network': 'Brak połączenia z serwerem. Sprawdź sieć i spróbuj ponownie.',
    'read.dice.one': '{n} kość {die}', 'read.dice.few': '{n} kości {die}', 'read.dice.many': '{n} kości {die}', 'read.dice.other': '{n} kości {die}',
    'read.reroll': 'przerzut przy {on}', 'read.rerollonce': 'jeden przerzut przy {on}',
    'read.explode': 'eksplodujące przy {on}', 'read.compound': 'eksplodujące przy {on}, doliczane do jednej kości', 'read.penetrate': 'przebijające przy {on} (każda dodatkowa kość −1)',
    'read.keep.h': 'zachowane najwyższe: {n}', 'read.keep.l': 'zachowane najniższe: {n}', 'read.drop.h': 'odrzucone najwyższe: {n}', 'read.drop.l': 'odrzucone najniższe: {n}',
    'read.count': 'liczone sukcesy przy {on}', 'read.failures': 'porażki przy {on}', 'read.summed': 'zsumowane', 'read.counted': 'zliczone sukcesy',
    'read.repeated': 'powtórzone {n}×: {what}', 'read.as': 'Odczytane jako: {what}.',
    'chart.describe': '{what}: wyniki od {min} do {max}; najbardziej prawdopodobny {top} ({p}); średnia {mean}.',
    'chart.tap': 'Dotknij słupka, by zobaczyć jego wartość.', 'chart.table': 'Tabela dokładnych procentów', 'chart.copy': 'Kopiuj tabelę',
    'chart.copied': 'Skopiowano tabelę.', 'chart.select': 'Tabela jest zaznaczona: skopiuj ją.',
    'nav.missing': 'Nie ma takiej strony', 'missing.text': 'Pod tym adresem nie ma strony. Sprawdź go albo otwórz jeden z widoków powyżej.', 'missing.home': 'Szukaj w zasadach',
    'result.stale': 'Ten wynik dotyczy wcześniejszych danych.',
    'cost.compute': 'Policz punkty',
    'unit.save': 'Zapisz na tym urządzeniu', 'unit.library': 'Oddziały zapisane na tym urządzeniu', 'unit.library.empty': 'Na tym urządzeniu nie zapisano jeszcze żadnego oddziału.',
    'unit.library.name': 'Nazwa zapisanego oddziału {n}', 'unit.library.open': 'Otwórz', 'unit.library.rename': 'Zmień nazwę', 'unit.library.export': 'Pobierz',
    'unit.library.delete': 'Usuń', 'unit.library.taken': 'Zapisany oddział o nazwie „{name}” już istnieje.', 'unit.library.renamed': 'Nowa nazwa: „{name}”.',
    'unit.library.deleted': 'Usunięto: {name}.', 'unit.library.saved': 'Zapisano na tym urządzeniu: {name}.',
    'error.required': 'Pole „{label}” jest wymagane.', 'cost.badrange': 'Zasięg: wpisz liczbę cali (od 0 do 36) albo „wręcz”.',
    'footer': 'Kości i zasady przy stole.',
  },
  cs: {
    'home.intro': 'Kostka vyhledává pravidla čtyř stolních válečných her, hází kostkami s přesnými šancemi a rozepisuje útoky krok za krokem.',
    'home.try': 'Vyzkoušejte:', 'home.rule': 'pravidlo: Krytí', 'home.roll': 'hod: 4k6, ponechat tři nejvyšší', 'home.attack': 'útok: deset výstřelů',
    'rules.notfound': 'Takové pravidlo neexistuje. Vyhledejte ho v poli výše.', 'rules.loading': 'Načítání…',
    'dice.history': 'Historie', 'dice.roll.n': 'Hod {n}', 'dice.bad': 'Tento zápis nelze přečíst (znak {pos}). Viz zápis níže.',
    'dice.mode': 'Graf ukazuje', 'attack.result': 'Výsledek', 'attack.none': 'Stiskněte „Hodit“ a útok se vyhodnotí.',
    'error.request': 'Server žádost odmítl ({status}).', 'error.value': '{label}: {detail}',
    'nav.views': 'Zobrazení', 'nav.api': 'API', 'api.title': 'API', 'api.intro': 'Všechny cesty API, jejich parametry a příklad ke spuštění.',
    'api.in.query': 'v dotazu', 'api.in.path': 'v cestě',
    'api.try': 'Spustit příklad', 'api.params': 'Parametry', 'api.body': 'Tělo požadavku (JSON)', 'api.required': 'povinný',
    'cost.system': 'Kvalita a Obrana K6', 'cost.rifle': 'puška', 'cost.knife': 'nůž', 'cost.ap': 'PP',
    'unit.title': 'Jednotka: název, odkaz a soubor', 'unit.name': 'Název jednotky', 'unit.share': 'Kopírovat odkaz na jednotku',
    'unit.link': 'Odkaz na jednotku', 'unit.copied': 'Odkaz zkopírován.', 'unit.ready': 'Odkaz je připraven: zkopírujte ho z pole.',
    'unit.export': 'Stáhnout jako soubor (JSON)', 'unit.file': 'Načíst soubor', 'unit.paste': 'Nebo vložte JSON souboru',
    'unit.import': 'Načíst', 'unit.pick': 'Jednotka ze souboru', 'unit.loaded': 'Načteno: {name}.', 'unit.unused': 'Zde nepoužito: {list}.',
    'unit.noname': 'Nejprve jednotku pojmenujte.', 'unit.longname': 'Název je příliš dlouhý: nejvýše {max} znaků.',
    'unit.badname': 'Název obsahuje řídicí znak.',
    'unit.bad.json': 'Toto není soubor JSON.', 'unit.bad.format': 'Toto není soubor jednotek Kostky (uložený touto stránkou nebo botem).',
    'unit.bad.version': 'Tento soubor jednotek má formát {n}; stránka čte formát {want}.', 'unit.bad.empty': 'Soubor neobsahuje žádné jednotky.',
    'unit.bad.many': 'Soubor má příliš mnoho jednotek: nejvýše {max}.', 'unit.bad.size': 'Soubor je příliš velký: nejvýše 1 MB.',
    'unit.bad.unit': 'Jednotka {n} v souboru je neúplná: potřebuje název (do 64 znaků), herní systém a profil.',
    'unit.attacker.name': 'Název útočící jednotky', 'unit.target.name': 'Název cílové jednotky', 'unit.target.pick': 'Načíst jednotku ze souboru jako cíl',
    'unit.target.none': '(vyberte jednotku)', 'unit.target.loaded': 'Načteno jako cíl: {name}.',
    'unit.target.same': 'Útočící jednotka a cíl musí mít různé názvy.',
    'unit.bad.system': 'Žádná jednotka není z herního systému tohoto zobrazení (systémy v souboru: {systems}).', 'unit.bad.link': 'Jednotku z tohoto odkazu nelze přečíst.',
    'skip': 'Přejít na obsah',
    'nav.compare': 'Porovnat', 'compare.title': 'Porovnání jednotek', 'nav.cost': 'Body', 'cost.title': 'Body jednotky (Kvalita a Obrana K6)', 'cost.intro': 'Vzorec ceny z pravidel: každý činitel je vypsán, aby šel ověřit ručně.',
    'cost.models': 'Modely', 'cost.quality': 'Kvalita', 'cost.defense': 'Obrana', 'cost.toughness': 'Odolnost',
    'cost.abilities': 'Schopnosti (oddělené čárkou)', 'cost.weapons': 'Zbraně', 'cost.add': 'Přidat zbraň', 'cost.name': 'Název',
    'cost.attacks': 'Útoky', 'cost.range': 'Dostřel (" nebo na blízko)', 'cost.melee_range': 'na blízko', 'cost.wabilities': 'Schopnosti zbraně', 'cost.remove': 'Odebrat',
    'cost.total': '{n} bodů', 'cost.per': '{n} za model · {kind}', 'cost.melee': 'jednotka na blízko', 'cost.ranged': 'střelecká jednotka',
    'lang.label': 'Jazyk', 'nav.rules': 'Pravidla', 'nav.dice': 'Kostky', 'nav.attack': 'Útok',
    'rules.title': 'Pravidla', 'rules.query': 'Hledat v pravidlech', 'rules.placeholder': 'např. krytí, do černého, kryt',
    'rules.system': 'Pravidla hry', 'rules.all': 'Všechna pravidla', 'rules.search': 'Hledat',
    'rules.permalink': 'Odkaz', 'rules.copy': 'Kopírovat odkaz', 'rules.copied': 'Odkaz zkopírován',
    'rules.none': 'Nic nenalezeno. Zkuste jiné slovo nebo méně slov.', 'rules.weak': 'Pro „{q}” není žádná blízká shoda. Měli jste na mysli:', 'rules.count': 'Výsledků: {n}',
    'rules.aliases': 'Také: {list}', 'rules.house': 'Domácí pravidlo',
    'dice.title': 'Kostky', 'dice.expr': 'Zápis kostek', 'dice.roll': 'Hodit', 'dice.help': 'Zápis',
    'dice.helptext': '2d6+1 · 3k6 (k je také kostka) · d% · dF · 4d6kh3 (nejvyšší) · 2d20kl1 · 6d6! (explodující) · 8d10>=7 (počet úspěchů) · 6x 4d6kh3 (šest hodů) · 2d6+3 # meč',
    'dice.odds': 'Šance', 'dice.mean': 'průměr {mean} · σ {sd} · rozsah {min}–{max}', 'dice.total': 'Součet',
    'attack.title': 'Kalkulačka útoku', 'attack.system': 'Pravidla hry', 'attack.attack': 'Útok', 'attack.test': 'Test',
    'attack.steps': 'Kroky', 'attack.action': 'Akce', 'attack.rolled': 'Hod', 'attack.rules': 'Použitá pravidla', 'attack.odds': 'Šance: {what}',
    'list.add': 'Přidat řádek', 'list.row': 'Řádek {n}', 'list.remove': 'Odebrat řádek {n}',
    'error.network': 'Server je nedostupný. Zkontrolujte připojení a zkuste to znovu.',
    'read.dice.one': '{n} kostka {die}', 'read.dice.few': '{n} kostky {die}', 'read.dice.many': '{n} kostky {die}', 'read.dice.other': '{n} kostek {die}',
    'read.reroll': 'přehoz při {on}', 'read.rerollonce': 'jeden přehoz při {on}',
    'read.explode': 'explodující při {on}', 'read.compound': 'explodující při {on}, přičítané k jedné kostce', 'read.penetrate': 'průrazné při {on} (každá další kostka −1)',
    'read.keep.h': 'ponechané nejvyšší: {n}', 'read.keep.l': 'ponechané nejnižší: {n}', 'read.drop.h': 'vyřazené nejvyšší: {n}', 'read.drop.l': 'vyřazené nejnižší: {n}',
    'read.count': 'počítají se úspěchy při {on}', 'read.failures': 'neúspěchy při {on}', 'read.summed': 'sečtené', 'read.counted': 'sečtené úspěchy',
    'read.repeated': 'opakováno {n}×: {what}', 'read.as': 'Přečteno jako: {what}.',
    'chart.describe': '{what}: výsledky od {min} do {max}; nejpravděpodobnější {top} ({p}); průměr {mean}.',
    'chart.tap': 'Klepněte na sloupec a uvidíte jeho hodnotu.', 'chart.table': 'Tabulka přesných procent', 'chart.copy': 'Kopírovat tabulku',
    'chart.copied': 'Tabulka zkopírována.', 'chart.select': 'Tabulka je označená: zkopírujte ji.',
    'nav.missing': 'Stránka nenalezena', 'missing.text': 'Na této adrese žádná stránka není. Zkontrolujte ji, nebo otevřete některý z pohledů nahoře.', 'missing.home': 'Hledat v pravidlech',
    'result.stale': 'Tento výsledek patří k dřívějším údajům.',
    'cost.compute': 'Spočítat body',
    'unit.save': 'Uložit v tomto zařízení', 'unit.library': 'Jednotky uložené v tomto zařízení', 'unit.library.empty': 'V tomto zařízení zatím není uložená žádná jednotka.',
    'unit.library.name': 'Název uložené jednotky {n}', 'unit.library.open': 'Otevřít', 'unit.library.rename': 'Přejmenovat', 'unit.library.export': 'Stáhnout',
    'unit.library.delete': 'Smazat', 'unit.library.taken': 'Uložená jednotka s názvem „{name}“ už existuje.', 'unit.library.renamed': 'Nový název: „{name}“.',
    'unit.library.deleted': 'Smazáno: {name}.', 'unit.library.saved': 'Uloženo v tomto zařízení: {name}.',
    'error.required': 'Pole „{label}“ je povinné.', 'cost.badrange': 'Dostřel: zadejte palce (0 až 36) nebo „na blízko“.',
    'footer': 'Kostky a pravidla ke stolu.',
  },
};

export const languages = Object.keys(messages);
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
  for (const el of document.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
}

export function language() { return current; }

// plural returns the string of key for the count n: key.one, key.few,
// key.many or key.other, as the language's plural rules choose.
export function plural(key, n, vars = {}) {
  const form = new Intl.PluralRules(current).select(n);
  const k = messages[current][`${key}.${form}`] != null ? `${key}.${form}` : `${key}.other`;
  return t(k, vars);
}

// t returns the localized string for key, with {name} placeholders filled.
export function t(key, vars = {}) {
  const s = messages[current][key] ?? messages.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ''));
}

// num formats a number in the page's language (a decimal comma in pl and
// cs) with at most the given number of fraction digits.
export function num(x, digits = 2) {
  return new Intl.NumberFormat(current, { maximumFractionDigits: digits }).format(x);
}

// percent formats a probability as a percentage in the page's language:
// whole numbers near 0 and 100 %, one decimal otherwise, "<0.1 %" for the
// smallest.
export function percent(p) {
  const f = (x, d) => new Intl.NumberFormat(current, { style: 'percent', maximumFractionDigits: d, minimumFractionDigits: d }).format(x);
  if (p === 0 || p >= 0.9995) return f(p, 0);
  if (p < 0.001) return '<' + f(0.001, 1);
  return f(p, 1);
}

// required is the API's detail for a missing field, by language.
const required = { en: 'is required', pl: 'to pole jest wymagane', cs: 'toto pole je povinné' };

// problemText is what the page shows for a refused request: the API's
// localized detail with the field's label, or the page's own sentence
// where the API's text is not in the page's language.
export function problemText(e, labels = {}) {
  const p = (e && e.problem) || {};
  const root = p.field ? p.field.replace(/[.[].*$/, '') : '';
  const leaf = p.field ? p.field.replace(/^.*[.\]]/, '') : '';
  const name = p.label || labels[leaf] || labels[root];
  // A missing field: the page names it ("Pole „Próg” jest wymagane.").
  if (p.status === 422 && name && required[current] === p.detail) return t('error.required', { label: name });
  // A detail that names the field by its path ("weapons.range musi być…")
  // names it by its label instead.
  const detail = p.field && name && p.detail && p.detail.startsWith(`${p.field} `) ? `${name} ${p.detail.slice(p.field.length + 1)}` : p.detail;
  if (p.label) return t('error.value', { label: p.label, detail });
  if (current === 'en') return p.field && p.status === 422 ? (detail === p.detail ? `${p.field}: ${p.detail}` : detail) : (p.detail || e.message);
  if (p.status === 422 && p.detail) return detail !== p.detail ? detail : (name ? t('error.value', { label: name, detail }) : p.detail);
  if (p.type === 'urn:kostka:problem:invalid-expression') return t('dice.bad', { pos: p.position ?? '?' });
  if (!p.status) return e.message;
  return t('error.request', { status: p.status });
}
