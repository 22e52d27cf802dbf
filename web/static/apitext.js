// The API page's texts in Polish and Czech: each operation's summary by its
// operationId ("ops") and each parameter's description ("params") by
// "operationId.name", or by "name" alone where every operation means the
// same. The OpenAPI document itself stays in English, for programmers.
// The object is plain JSON, so that a Go test can check it covers the
// document (web_test.go).

export const apiTexts = {
  "pl": {
    "ops": {
      "page": "Strona dla graczy przy stole (zasady, kości, kalkulator ataku).",
      "pageAPI": "Strona otwarta na tym dokumencie w czytelnej postaci (ścieżki, parametry, przykład do uruchomienia).",
      "pageAttack": "Strona otwarta na kalkulatorze ataku.",
      "pageCost": "Strona otwarta na kalkulatorze punktów oddziału systemu Jakość i Obrona K6.",
      "pageCompare": "Strona otwarta na porównaniu oddziałów; ?system=ID&q=REQ (REQ to JSON zapytania porównania w base64url bez dopełnienia) otwiera porównanie.",
      "pageDice": "Strona otwarta na widoku kości.",
      "pageRule": "Strona otwarta na jednej zasadzie (stały link).",
      "pageStatic": "Skrypty, style i obrazy strony; skompresowane gzipem, gdy klient to przyjmuje.",
      "discordInteractions": "Punkt odbioru interakcji Discorda przez HTTP (polecenia z ukośnikiem, podpowiedzi, przyciski).",
      "healthz": "Sprawdzenie, czy serwer działa.",
      "openapi": "Ten dokument w formacie JSON.",
      "oddsGet": "Dokładny rozkład sumy wyrażenia kości.",
      "oddsPost": "Dokładny rozkład sumy wyrażenia kości podanego jako JSON.",
      "rollGet": "Rzut wyrażeniem kości.",
      "rollPost": "Rzut wyrażeniem kości podanym jako JSON.",
      "rules": "Wszystkie sekcje podręczników, w kolejności podręcznika.",
      "rule": "Jedna sekcja podręcznika, w całości.",
      "search": "Wyszukiwanie pełnotekstowe w podręcznikach.",
      "suggest": "Sekcje, których tytuł lub inna nazwa zaczyna się od wpisanego tekstu: podpowiedzi w trakcie pisania.",
      "systems": "Lista systemów gry.",
      "system": "Opis systemu gry i parametry każdej z jego akcji.",
      "systemAction": "Rozstrzygnięcie testu, ataku lub innej akcji systemu gry.",
      "qualityD6Cost": "Koszt oddziału systemu Jakość i Obrona K6 w punktach, według wzoru z podręcznika.",
      "compare": "Każdy atakujący (od 2 do 4) przeciw każdemu celowi (od 1 do 3): dokładne szanse i wartość na punkt.",
      "targets": "Gotowe cele systemu do porównań, każdy z odnośnikiem do sekcji podręcznika."
    },
    "params": {
      "expr": "Wyrażenie kości: 2k6+1, 3d6 (d też oznacza kość), k%, 4kF, (1k6+2)*2, 4k6kh3 (zachowaj; kl, dh, dl), 6k6! (eksplodujące; !! sumowane, !p przebijające), 4k6r1 (przerzut; ro raz), 8k10>=7f1 (licz sukcesy i porażki), 6x 4k6kh3 (powtórz), 2k6+3 # miecz (komentarz).",
      "seed": "Czyni rzut powtarzalnym: to samo ziarno daje te same kości.",
      "system": "Tylko podręcznik tego systemu.",
      "lang": "Język komunikatów odpowiedzi; bez niego decyduje nagłówek `Accept-Language`, a w braku tegoż angielski.",
      "search.lang": "Tylko podręczniki napisane w tym języku.",
      "search.limit": "Największa liczba wyników (domyślnie 10).",
      "suggest.limit": "Największa liczba podpowiedzi (domyślnie i najwyżej 25).",
      "rule.id": "Identyfikator sekcji, np. `quality-d6.oslona`.",
      "id": "Identyfikator systemu gry."
    }
  },
  "cs": {
    "ops": {
      "page": "Stránka pro hráče u stolu (pravidla, kostky, kalkulačka útoku).",
      "pageAPI": "Stránka otevřená na tomto dokumentu v čitelné podobě (cesty, parametry, příklad ke spuštění).",
      "pageAttack": "Stránka otevřená na kalkulačce útoku.",
      "pageCost": "Stránka otevřená na kalkulačce bodů jednotky systému Kvalita a Obrana K6.",
      "pageCompare": "Stránka otevřená na porovnání jednotek; ?system=ID&q=REQ (REQ je JSON požadavku porovnání v base64url bez doplnění) otevře porovnání.",
      "pageDice": "Stránka otevřená na zobrazení kostek.",
      "pageRule": "Stránka otevřená na jednom pravidle (trvalý odkaz).",
      "pageStatic": "Skripty, styly a obrázky stránky; zkomprimované gzipem, když je klient přijímá.",
      "discordInteractions": "Příjem interakcí Discordu přes HTTP (příkazy s lomítkem, našeptávání, tlačítka).",
      "healthz": "Kontrola, zda server běží.",
      "openapi": "Tento dokument ve formátu JSON.",
      "oddsGet": "Přesné rozdělení součtu zápisu kostek.",
      "oddsPost": "Přesné rozdělení součtu zápisu kostek zadaného jako JSON.",
      "rollGet": "Hod podle zápisu kostek.",
      "rollPost": "Hod podle zápisu kostek zadaného jako JSON.",
      "rules": "Všechny oddíly pravidel v pořadí pravidel.",
      "rule": "Jeden oddíl pravidel, celý.",
      "search": "Fulltextové vyhledávání v pravidlech.",
      "suggest": "Oddíly, jejichž název nebo jiné jméno začíná napsaným textem: našeptávání při psaní.",
      "systems": "Seznam herních systémů.",
      "system": "Popis herního systému a parametry každé jeho akce.",
      "systemAction": "Vyhodnocení testu, útoku nebo jiné akce herního systému.",
      "qualityD6Cost": "Cena jednotky systému Kvalita a Obrana K6 v bodech podle vzorce z pravidel.",
      "compare": "Každý útočník (2 až 4) proti každému cíli (1 až 3): přesné šance a hodnota na bod.",
      "targets": "Přednastavené cíle systému pro porovnání, každý s odkazem na oddíl pravidel."
    },
    "params": {
      "expr": "Zápis kostek: 2d6+1, 3k6 (k je také kostka), d%, 4dF, (1d6+2)*2, 4d6kh3 (ponechat; kl, dh, dl), 6d6! (explodující; !! sčítané, !p průrazné), 4d6r1 (přehoz; ro jednou), 8d10>=7f1 (počet úspěchů a neúspěchů), 6x 4d6kh3 (opakovat), 2d6+3 # meč (komentář).",
      "seed": "Dělá hod opakovatelným: stejné semínko dá stejné kostky.",
      "system": "Jen pravidla tohoto systému.",
      "lang": "Jazyk zpráv v odpovědi; bez něj rozhoduje hlavička `Accept-Language`, jinak angličtina.",
      "search.lang": "Jen pravidla napsaná v tomto jazyce.",
      "search.limit": "Nejvyšší počet výsledků (výchozí 10).",
      "suggest.limit": "Nejvyšší počet návrhů (výchozí i nejvyšší 25).",
      "rule.id": "Identifikátor oddílu, např. `quality-d6.oslona`.",
      "id": "Identifikátor herního systému."
    }
  }
};
