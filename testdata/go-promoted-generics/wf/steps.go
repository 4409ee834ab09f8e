package wf

type TemplateRef struct{ Name string }

type Step struct {
	Template *TemplateRef
	Setup    []Step
	Steps    []Step
	After    []Step
}

func (w *Step) GetTemplateRefs() []TemplateRef { // @def(refs, "GetTemplateRefs")
	var out []TemplateRef
	if w.Template != nil {
		out = append(out, *w.Template)
	}
	steps := append(w.Setup, append(w.Steps, w.After...)...)
	for _, step := range steps {
		out = append(out, step.GetTemplateRefs()...) // @site(r1, "GetTemplateRefs") @call(refs, refs, r1)
	}
	return out
}

type Parallel struct{ Steps []Step }

func (p *Parallel) GetTemplateRefs() []TemplateRef { // @def(parallelRefs, "GetTemplateRefs") @nocallers(parallelRefs)
	return nil
}
