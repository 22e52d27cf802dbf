package wzrd20

import (
	"kostka/dice"
	"kostka/l10n"
	"kostka/systems"
)

// pinningAndBroken is the test of a squad that lost 75% or more with at_75
// both. The rulebook calls for a Pinning test at 50% losses ("Pokud oddíl
// v jediném kole ztratí 50 a více procent svých členů […] musíte provést
// test, který ukáže, zda modely nepřestanou bojovat") and a Broken test at
// 75% ("Pokud oddíl v jediném kole ztratí 75 a více procent svých členů
// […] musíte provést test, zda oddíl nebude rozprášený"); 75% meets both
// sentences. The default reads the Broken test as taking the Pinning
// test's place; at_75 both takes the two, Pinning first, each a d20 at or
// under LD with the same modifier, and the rerolls go to the first
// failures.
const pinningAndBroken = "pinning_and_broken"

// bothOdds are the exact odds of the two tests: each roll passes with p,
// and a reroll, while one is left, rolls a failure again.
func (r *MoraleRequest) bothOdds() MoraleOdds {
	target := clamp(r.Leadership + r.Modifier)
	p := testChances(target).pass()
	q := p + (1-p)*p // a test with a reroll
	o := MoraleOdds{Test: pinningAndBroken, Target: target}
	switch r.Rerolls {
	case 0:
		o.PassedPinning, o.PassedBroken, o.Passed = p, p, p*p
	case 1:
		// The first roll of Pinning passes, and the reroll is left for
		// Broken; or it fails, and the reroll is spent on it.
		o.PassedPinning = q
		o.PassedBroken = p*q + (1-p)*p
		o.Passed = p*q + (1-p)*p*p
	default:
		o.PassedPinning, o.PassedBroken, o.Passed = q, q, q*q
	}
	return o
}

// rollBoth rolls the Pinning test and then the Broken test into res.
func (r *MoraleRequest) rollBoth(res MoraleResult, odds MoraleOdds, src dice.Source) MoraleResult {
	both := l10n.Term("test", termPinningAndBroken.New())
	res.Steps = append(res.Steps, stepWhichTest.New(l10n.Int("lost", r.Lost), l10n.Int("squad", r.Squad), both))
	res.Notes = append(res.Notes, noteBothAt75.New())
	if r.Rerolls > 0 {
		res.Notes = append(res.Notes, noteMoraleRerolls.New(l10n.Int("n", r.Rerolls), l10n.Term("fumble", termFumble.New())))
	}
	against := againstMorale.New(l10n.Int("ld", r.Leadership), systems.Signed("test_mod", 0), systems.Signed("modifier", r.Modifier))
	rerolls := r.Rerolls
	take := func(test string) (Roll, *Roll) {
		what := whatMorale.New(l10n.Term("test", termTests[test].New()))
		rl := roll(src, odds.Target)
		if rl.Success || rerolls == 0 {
			res.Steps = append(res.Steps, describe(what, rl, against))
			return rl, nil
		}
		rerolls--
		first := rl
		rl = roll(src, odds.Target)
		res.Steps = append(res.Steps, stepRerolled.New(l10n.Term("roll", describe(what, first, against))), describe(whatReroll.New(), rl, against))
		return rl, &first
	}
	pin, pinReplaced := take("pinning")
	brk, brkReplaced := take("broken")
	res.Roll, res.Rerolled = &pin, pinReplaced
	res.Broken, res.BrokenRerolled = &brk, brkReplaced
	passed := pin.Success && brk.Success
	res.Passed = &passed
	effect := func(test string, ok bool) l10n.Arg {
		if ok {
			return l10n.Term(test, effects[test][1].New())
		}
		return l10n.Term(test, effects[test][0].New())
	}
	res.Effect = effectBoth.New(effect("pinning", pin.Success), effect("broken", brk.Success))
	return res
}

// Both morale tests at 75% losses.
var (
	termPinningAndBroken = define("term.test.pinning_and_broken", l10n.Texts{En: "Pinning and Broken", Pl: "Przygwożdżenie i Rozproszenie", Cs: "Zalehnutí i Rozprášení"})
	effectBoth           = define("effect.both", l10n.Texts{
		En: "Pinning: {pinning}; Broken: {broken}",
		Pl: "Przygwożdżenie: {pinning}; Rozproszenie: {broken}",
		Cs: "Zalehnutí: {pinning}; Rozprášení: {broken}",
	})
	noteBothAt75 = define("note.both_at_75", l10n.Texts{
		En: "Losses of 75% or more meet both the 50% of Pinning and the 75% of Broken: the squad takes the Pinning test, then the Broken test.",
		Pl: "Straty 75% lub więcej spełniają i 50% Przygwożdżenia, i 75% Rozproszenia: oddział zdaje test Przygwożdżenia, potem test Rozproszenia.",
		Cs: "Ztráty 75 % a více splňují 50 % Zalehnutí i 75 % Rozprášení: oddíl skládá test Zalehnutí, pak test Rozprášení.",
	})
	labelPassedBoth    = define("odds.passed_both", l10n.Texts{En: "Both tests passed", Pl: "Oba testy zdane", Cs: "Oba testy složeny"})
	labelPassedPinning = define("odds.passed_pinning", l10n.Texts{En: "Pinning test passed", Pl: "Test Przygwożdżenia zdany", Cs: "Test Zalehnutí složen"})
	labelPassedBroken  = define("odds.passed_broken", l10n.Texts{En: "Broken test passed", Pl: "Test Rozproszenia zdany", Cs: "Test Rozprášení složen"})
)
