package fact

import "testing"

func TestImplicitSendsSummary(t *testing.T) {
	s := &ImplicitSends{Signal: "post_save", Sender: "Document", Count: 4, OutsideTests: 1, Sites: []ImplicitSite{
		{Call: "objects.create()"}, {Call: "save()"}, {Call: "save()", Test: true}, {Call: "save()", Test: true},
	}}
	if got, want := s.Summary(), "post_save of Document: 4 save()/objects.create() sites (1 outside tests)"; got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
	s.Sites = append(s.Sites, ImplicitSite{Call: "objects.get_or_create()"})
	if got, want := s.Calls(), "save()/objects.create()/…"; got != want {
		t.Errorf("Calls() = %q, want %q", got, want)
	}
	one := &ImplicitSends{Signal: "m2m_changed", Count: 1, OutsideTests: 0, Sites: []ImplicitSite{{Call: "tags.add()"}}}
	if got, want := one.Summary(), "m2m_changed of any model: 1 tags.add() site (0 outside tests)"; got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
}
