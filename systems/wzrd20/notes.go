package wzrd20

import "kostka/l10n"

// mechanicNotes say how an attack's rerolls, automatic hits and target
// were read.
func (r *AttackRequest) mechanicNotes() []l10n.Message {
	var notes []l10n.Message
	if r.AutoHit {
		notes = append(notes, autoHitNote())
	} else if r.Rerolls > 0 {
		notes = append(notes, rerollNote(r.Rerolls))
	}
	notes = append(notes, r.Target.avvNote(r.AVV+chargeBonus[r.Charge].avv)...)
	return append(notes, r.Target.notes()...)
}

// autoHitNote says how automatic hits are read.
func autoHitNote() l10n.Message {
	return noteAutoHit.New(l10n.Term("power", termPowerShot.New()), l10n.Term("fumble", termFumble.New()))
}

// rerollNote says how the attacker's rerolls are spent.
func rerollNote(n int) l10n.Message {
	return noteRerolls.New(l10n.Int("n", n), l10n.Term("fumble", termFumble.New()))
}

// notes say how the target's vehicle rules and rerolls were read.
func (t *Target) notes() []l10n.Message {
	var notes []l10n.Message
	if t.Vehicle {
		notes = append(notes, noteVehicle.New(l10n.Term("critical", termCriticalDamage.New())))
	}
	if t.ArmourRerolls > 0 {
		notes = append(notes, noteArmourRerolls.New(l10n.Int("n", t.ArmourRerolls)))
	}
	return append(notes, t.healingNote()...)
}

// avvNote says that AVV does nothing against a model.
func (t *Target) avvNote(avv int) []l10n.Message {
	if avv > 0 && !t.Vehicle {
		return []l10n.Message{noteAVVModel.New()}
	}
	return nil
}
