package compare

import (
	"encoding/json"

	"kostka/l10n"
)

// Preset is a target a system offers for comparisons: a typical profile
// of its rulebook, named in every language, citing the section it comes
// from. Fields are the target's fields (the system's TargetFields and, in
// pool-k6, the wounds that remove the model).
type Preset struct {
	ID     string                     `json:"id"`
	Name   l10n.Texts                 `json:"name"`
	Fields map[string]json.RawMessage `json:"fields"`
	// Rule is the id of the rulebook section the profile comes from.
	Rule string `json:"rule"`
}

func fields(kv ...any) map[string]json.RawMessage {
	m := map[string]json.RawMessage{}
	for i := 0; i < len(kv); i += 2 {
		b, err := json.Marshal(kv[i+1])
		if err != nil {
			panic(err)
		}
		m[kv[i].(string)] = b
	}
	return m
}

// Presets are the preset targets of each system, by system id.
//   - quality-d6: the sizes of its toughness table (Koszt oddziału i
//     modelu: "1 Lekka piechota", "2 Ciężka piechota", "6 Chimera,
//     Sentinel"), as a unit of ten, of five and one model.
//   - pool-k6: the armour of Obrażenia's example ("Model z pancerzem 8"),
//     in the open and behind it a tougher model of twice the armour.
//   - wzr-d20: the armour of Zbroj's example ("A 8 (2)") and of Zbroj a
//     typ zbraně's Everassur ("6(2)").
//   - fantasy-k6: the ends of its characteristics' scales (Odporność 0,
//     "brak rzutu Odporności", and a save of 3 with Próg bólu 4).
var Presets = map[string][]Preset{
	"quality-d6": {
		{ID: "light_infantry", Name: l10n.Texts{Pl: "Lekka piechota (10 modeli, Obrona 5+)", Cs: "Lehká pěchota (10 modelů, Obrana 5+)", En: "Light infantry (10 models, Defense 5+)"},
			Fields: fields("models", 10, "toughness", 1, "defense", 5, "quality", 5), Rule: "quality-d6.koszt-oddzialu-i-modelu"},
		{ID: "heavy_infantry", Name: l10n.Texts{Pl: "Ciężka piechota (5 modeli, Wytrzymałość 2, Obrona 4+)", Cs: "Těžká pěchota (5 modelů, Odolnost 2, Obrana 4+)", En: "Heavy infantry (5 models, Toughness 2, Defense 4+)"},
			Fields: fields("models", 5, "toughness", 2, "defense", 4, "quality", 4), Rule: "quality-d6.koszt-oddzialu-i-modelu"},
		{ID: "vehicle", Name: l10n.Texts{Pl: "Pojazd (1 model, Wytrzymałość 6, Obrona 2+)", Cs: "Vozidlo (1 model, Odolnost 6, Obrana 2+)", En: "Vehicle (1 model, Toughness 6, Defense 2+)"},
			Fields: fields("models", 1, "toughness", 6, "defense", 2, "quality", 4), Rule: "quality-d6.koszt-oddzialu-i-modelu"},
	},
	"pool-k6": {
		{ID: "trooper", Name: l10n.Texts{Pl: "Żołnierz (Def 3, pancerz 8)", Cs: "Voják (Def 3, pancíř 8)", En: "Trooper (Def 3, armour 8)"},
			Fields: fields("defense", 3, "armour", 8), Rule: "pool-k6.obrazenia"},
		{ID: "heavy_trooper", Name: l10n.Texts{Pl: "Ciężki żołnierz (Def 4, pancerz 16, 2 rany)", Cs: "Těžký voják (Def 4, pancíř 16, 2 rány)", En: "Heavy trooper (Def 4, armour 16, 2 wounds)"},
			Fields: fields("defense", 4, "armour", 16, "wounds", 2), Rule: "pool-k6.obrazenia"},
	},
	"wzr-d20": {
		{ID: "trooper", Name: l10n.Texts{Pl: "Piechur (Zbroja 8 (2))", Cs: "Pěšák (Zbroj 8 (2))", En: "Trooper (Armour 8 (2))"},
			Fields: fields("armour", 8, "impenetrable", 2, "wounds", 1), Rule: "wzr-d20.zbroj"},
		{ID: "everassur", Name: l10n.Texts{Pl: "Everassur (Zbroja 6 (2))", Cs: "Everassur (Zbroj 6 (2))", En: "Everassur (Armour 6 (2))"},
			Fields: fields("armour", 6, "impenetrable", 2, "wounds", 1), Rule: "wzr-d20.zbroj-a-typ-zbrane"},
	},
	"fantasy-k6": {
		{ID: "militia", Name: l10n.Texts{Pl: "Pospolite ruszenie (W 3, bez Odporności, PB 3)", Cs: "Domobrana (B 3, bez odolnosti, PB 3)", En: "Militia (Fighting 3, no save, Pain 3)"},
			Fields: fields("attacker_fighting", 3, "save", 0, "pain", 3), Rule: "fantasy-k6.odpornosc-o"},
		{ID: "armoured_warrior", Name: l10n.Texts{Pl: "Opancerzony wojownik (W 4, Odporność 3, PB 4)", Cs: "Obrněný válečník (B 4, odolnost 3, PB 4)", En: "Armoured warrior (Fighting 4, save 3, Pain 4)"},
			Fields: fields("attacker_fighting", 4, "save", 3, "pain", 4), Rule: "fantasy-k6.prog-bolu-pb"},
	},
}

// FindPreset returns system's preset target with id.
func FindPreset(system, id string) (Preset, bool) {
	for _, p := range Presets[system] {
		if p.ID == id {
			return p, true
		}
	}
	return Preset{}, false
}

// PresetIDs returns the ids of system's preset targets.
func PresetIDs(system string) []string {
	var ids []string
	for _, p := range Presets[system] {
		ids = append(ids, p.ID)
	}
	return ids
}
