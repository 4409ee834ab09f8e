package cascade

// GraphCutOff says the graph backend that decided this answer ran out of
// time: what it gave is partial, and its silence is not "no callers". A
// fallback's answer after it is a guess standing in for a slow graph, not
// for one that found nothing.
func (r Result) GraphCutOff() bool {
	for i := len(r.Attempts) - 1; i >= 0; i-- {
		if a := r.Attempts[i]; a.Stage == StageGraph {
			return a.Reason == ReasonTimeout || (a.Outcome == OutcomeHit && a.Partial)
		}
	}
	return false
}
